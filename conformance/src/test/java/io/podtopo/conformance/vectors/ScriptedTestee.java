package io.podtopo.conformance.vectors;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;

/**
 * An external program for {@link ProcessSubjectTest}, started in its own JVM. Its first argument
 * says how it behaves: {@code serve} answers like the reference over the test kind; {@code die}
 * answers one case, writes to standard error and exits with code 3; {@code silent} reads but never
 * answers; {@code deaf} never reads at all; {@code out-of-step} answers with another id;
 * {@code slow-start MILLIS} sleeps that long before its first answer and then serves; {@code slow-second
 * MILLIS} answers the first case at once and sleeps before the second.
 */
public final class ScriptedTestee {

  private ScriptedTestee() {}

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  public static void main(String[] args) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    Writer out = new OutputStreamWriter(System.out, StandardCharsets.UTF_8);
    TesteeServer server = new TesteeServer(new ReferenceSubject(LowestCpusKind.KINDS));
    switch (args[0]) {
      case "serve" -> server.serve(in, out);
      case "die" -> {
        out.write(server.answer(in.readLine()) + "\n");
        out.flush();
        in.readLine();
        new PrintWriter(System.err, true).println("boom: scripted death");
        System.exit(3);
      }
      case "silent" -> {
        while (in.readLine() != null) {
          // reads every request and answers none
        }
      }
      case "deaf" -> sleep(60_000);
      case "out-of-step" -> {
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          out.write(TesteeProtocol.unsupported("some/other/case") + "\n");
          out.flush();
        }
      }
      case "slow-start", "slow-second" -> {
        String first = in.readLine();
        if (args[0].equals("slow-second")) {
          out.write(server.answer(first) + "\n");
          out.flush();
          first = in.readLine();
        }
        sleep(Long.parseLong(args[1]));
        out.write(server.answer(first) + "\n");
        out.flush();
        server.serve(in, out);
      }
      default -> throw new IllegalArgumentException("unknown mode " + args[0]);
    }
  }
}
