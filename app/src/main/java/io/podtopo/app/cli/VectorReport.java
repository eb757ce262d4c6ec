package io.podtopo.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.RunSummary;
import io.podtopo.conformance.vectors.SubjectBreak;
import io.podtopo.conformance.vectors.SuiteVersion;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorRun;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/**
 * A vector run, written as a table for people, as one JSON document for programs or as JUnit XML
 * for CI ({@link VectorJunitReport}). Each names the suite (Maven coordinates), the subject and every
 * vector file read with its SHA-256, then the counts per kind, every failure, and the break that cut
 * the run short, once. The table's last line is {@code N passed, M failed, K skipped} (followed by
 * {@code , R not run} after a break).
 */
final class VectorReport {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private final SuiteVersion suite;
  private final String subject;
  private final List<VectorFile> files;
  private final VectorRun run;
  private final RunSummary summary;

  VectorReport(SuiteVersion suite, String subject, List<VectorFile> files, VectorRun run) {
    this.suite = suite;
    this.subject = subject;
    this.files = List.copyOf(files);
    this.run = run;
    this.summary = RunSummary.of(run);
  }

  RunSummary summary() {
    return summary;
  }

  void write(VectorsFormat format, PrintWriter out) {
    switch (format) {
      case json -> writeJson(out);
      case junit -> out.print(new VectorJunitReport(suite, subject, files, run).xml());
      default -> writeTable(out);
    }
    out.flush();
  }

  private void writeTable(PrintWriter out) {
    out.println("suite: " + suite.coordinates());
    out.println("subject: " + subject);
    files.forEach(f -> out.println("vectors: " + f.name() + " sha256:" + f.sha256()));
    out.println();
    boolean broken = summary.broken().isPresent();
    int width = Math.max("KIND".length(),
        summary.kinds().stream().mapToInt(k -> k.kind().length()).max().orElse(0));
    String row = "%-" + width + "s  %6s  %6s  %7s  " + (broken ? "%7s  " : "%s") + "%s";
    out.println(String.format(Locale.ROOT, row, "KIND", "PASSED", "FAILED", "SKIPPED", broken ? "NOT RUN" : "",
        "WHY SKIPPED").stripTrailing());
    summary.kinds().forEach(k -> out.println(String.format(Locale.ROOT, row, k.kind(), k.passed(), k.failed(),
        k.skipped(), broken ? String.valueOf(k.notRun()) : "", k.skipReason()).stripTrailing()));
    for (CaseResult failure : summary.failures()) {
      VectorCase c = failure.vectorCase();
      out.println();
      out.println("FAILED " + c.id());
      out.println("  upstream: " + c.upstream() + " (" + c.file() + ")");
      out.println("  input:    " + c.input());
      out.println("  expected: " + c.expect());
      out.println("  actual:   " + (failure.actual() == null ? "(none)" : failure.actual()));
      failure.differences().forEach(d -> out.println("  - " + d));
    }
    summary.broken().ifPresent(b -> writeBreak(b, out));
    out.println(summary.totalsLine());
  }

  private void writeBreak(SubjectBreak broken, PrintWriter out) {
    out.println();
    out.println("BROKEN " + broken.atCase().id());
    out.println("  cause:    " + broken.message() + " (" + broken.cause().label() + ")");
    out.println("  upstream: " + broken.atCase().upstream() + " (" + broken.atCase().file() + ")");
    out.println("  not run:  this case and every later one, " + summary.notRun() + " in all");
    if (broken.stderrTail().isEmpty()) {
      out.println("  standard error: (nothing)");
    } else {
      out.println("  " + VectorJunitReport.lastLines(broken.stderrTail().size()) + " of its standard error:");
      broken.stderrTail().forEach(line -> out.println("  | " + line));
    }
  }

  private void writeJson(PrintWriter out) {
    ObjectNode root = JSON.createObjectNode();
    root.putObject("suite").put("artifact", suite.artifact()).put("version", suite.version());
    root.put("subject", subject);
    var vectorFiles = root.putArray("files");
    files.forEach(f -> vectorFiles.addObject().put("name", f.name()).put("sha256", f.sha256())
        .put("cases", f.cases().size()));
    var kinds = root.putArray("kinds");
    summary.kinds().forEach(k -> kinds.addObject().put("kind", k.kind()).put("passed", k.passed())
        .put("failed", k.failed()).put("skipped", k.skipped()).put("notRun", k.notRun())
        .put("skipReason", k.skipReason()));
    var failures = root.putArray("failures");
    for (CaseResult failure : summary.failures()) {
      VectorCase c = failure.vectorCase();
      ObjectNode entry = failures.addObject().put("id", c.id()).put("kind", c.kind()).put("file", c.file())
          .put("upstream", c.upstream());
      entry.set("input", c.input());
      entry.set("expected", c.expect());
      entry.set("actual", failure.actual());
      failure.differences().forEach(entry.putArray("differences")::add);
    }
    if (summary.broken().isPresent()) {
      SubjectBreak broken = summary.broken().get();
      ObjectNode entry = root.putObject("broken").put("id", broken.atCase().id()).put("kind", broken.atCase().kind())
          .put("file", broken.atCase().file()).put("upstream", broken.atCase().upstream())
          .put("cause", broken.cause().label()).put("message", broken.message());
      broken.stderrTail().forEach(entry.putArray("stderrTail")::add);
    } else {
      root.putNull("broken");
    }
    root.putObject("totals").put("passed", summary.passed()).put("failed", summary.failed())
        .put("skipped", summary.skipped()).put("notRun", summary.notRun());
    try {
      out.println(JSON.writeValueAsString(root));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
