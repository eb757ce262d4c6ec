package com.example.podtopo;

import io.podtopo.conformance.vectors.TesteeServer;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;

/**
 * {@link ExampleSubject} served over the testee protocol, so that the command line's reports (table,
 * JSON, JUnit XML) can check it:
 * {@code ./podtopo conformance vectors --testee "java -cp <classpath> com.example.podtopo.ExampleTestee"}.
 */
public final class ExampleTestee {

  private ExampleTestee() {}

  public static void main(String[] args) {
    new TesteeServer(new ExampleSubject()).serve(
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)),
        new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
  }
}
