package io.podtopo.app.cli;

import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.TesteeServer;
import io.podtopo.conformance.vectors.VectorKinds;
import jakarta.inject.Inject;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine.Command;

/** {@code podtopo testee}: the reference implementation behind the testee protocol. */
@Command(
    name = "testee",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Serve the reference implementation over the testee protocol (JSON lines on stdin and stdout).",
        "",
        "Reads one request per line on standard input and answers each with one line on standard "
            + "output, flushed at once, until the input ends. The protocol is its only output format.",
        "  request:                 {\"id\",\"kind\",\"input\"}",
        "  answer:                  {\"id\",\"output\"}",
        "  kind not implemented:    {\"id\",\"unsupported\":true} (a testee may add \"reason\":\"why\")",
        "  input rejected:          {\"id\",\"error\":\"...\"}",
        "",
        "Any program that behaves like this can be checked with 'podtopo conformance vectors --testee'."},
    footer = {
        "",
        "Examples:",
        "  echo '{\"id\":\"x\",\"kind\":\"no-such-kind\",\"input\":{}}' | podtopo testee",
        "      prints {\"id\":\"x\",\"unsupported\":true}",
        "  ./podtopo conformance vectors --testee \"./podtopo testee\"",
        "      podtopo checking itself through the protocol",
        "",
        "Protocol: docs/conformance.md"})
public final class TesteeCommand implements Runnable {

  private final VectorKinds kinds;

  @Inject
  public TesteeCommand(VectorKinds kinds) {
    this.kinds = kinds;
  }

  @Override
  public void run() {
    new TesteeServer(new ReferenceSubject(kinds)).serve(
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)),
        new OutputStreamWriter(System.out, StandardCharsets.UTF_8));
  }
}
