package io.podtopo.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.RunSummary;
import io.podtopo.conformance.vectors.VectorCase;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * A vector run, written as a table for people or as one JSON document for programs. Both list the
 * counts per kind and every failure; the table's last line is {@code N passed, M failed, K skipped}.
 */
final class VectorReport {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final String subject;
  private final RunSummary summary;

  VectorReport(String subject, RunSummary summary) {
    this.subject = subject;
    this.summary = summary;
  }

  void write(OutputFormat format, PrintWriter out) {
    if (format == OutputFormat.json) {
      writeJson(out);
    } else {
      writeTable(out);
    }
    out.flush();
  }

  private void writeTable(PrintWriter out) {
    out.println("subject: " + subject);
    int width = Math.max("KIND".length(),
        summary.kinds().stream().mapToInt(k -> k.kind().length()).max().orElse(0));
    String row = "%-" + width + "s  %6s  %6s  %7s  %s";
    out.println(String.format(Locale.ROOT, row, "KIND", "PASSED", "FAILED", "SKIPPED", "WHY SKIPPED").stripTrailing());
    summary.kinds().forEach(k -> out.println(
        String.format(Locale.ROOT, row, k.kind(), k.passed(), k.failed(), k.skipped(), k.skipReason()).stripTrailing()));
    for (CaseResult failure : summary.failures()) {
      VectorCase c = failure.vectorCase();
      out.println();
      out.println("FAILED " + c.id());
      out.println("  upstream: " + c.upstream() + " (" + c.file() + ")");
      out.println("  expected: " + c.expect());
      out.println("  actual:   " + (failure.actual() == null ? "(none)" : failure.actual()));
      failure.differences().forEach(d -> out.println("  - " + d));
    }
    out.println(summary.totalsLine());
  }

  private void writeJson(PrintWriter out) {
    ObjectNode root = JSON.createObjectNode();
    root.put("subject", subject);
    var kinds = root.putArray("kinds");
    summary.kinds().forEach(k -> kinds.addObject().put("kind", k.kind()).put("passed", k.passed())
        .put("failed", k.failed()).put("skipped", k.skipped()).put("skipReason", k.skipReason()));
    var failures = root.putArray("failures");
    for (CaseResult failure : summary.failures()) {
      VectorCase c = failure.vectorCase();
      ObjectNode entry = failures.addObject().put("id", c.id()).put("kind", c.kind()).put("file", c.file())
          .put("upstream", c.upstream());
      entry.set("expected", c.expect());
      entry.set("actual", failure.actual());
      failure.differences().forEach(entry.putArray("differences")::add);
    }
    root.putObject("totals").put("passed", summary.passed()).put("failed", summary.failed())
        .put("skipped", summary.skipped());
    try {
      out.println(JSON.writeValueAsString(root));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
