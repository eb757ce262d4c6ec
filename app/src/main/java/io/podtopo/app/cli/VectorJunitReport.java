package io.podtopo.app.cli;

import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.SubjectBreak;
import io.podtopo.conformance.vectors.SuiteVersion;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorRun;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A vector run as JUnit XML, in the dialect Jenkins, GitLab and the GitHub Actions test reporters
 * read (the elements and attributes of Jenkins' {@code junit-10.xsd}):
 *
 * <ul>
 *   <li>{@code <testsuites>} names the subject and holds the totals;</li>
 *   <li>one {@code <testsuite>} per kind, in the order the kinds first appear, with properties naming
 *       the suite's Maven coordinates, the subject and each vector file its cases come from with the
 *       file's SHA-256;</li>
 *   <li>one {@code <testcase>} per case: {@code classname} is the kind (the first part of the case id),
 *       {@code name} the rest of the id; a failure carries the first difference as its message and
 *       upstream test, expected, actual and every difference as its text; a skipped case says why;</li>
 *   <li>after a break, the case the subject broke on is an {@code <error>} (type: the cause) with the
 *       last lines of its standard error, and every later case is {@code <skipped>} "not run".</li>
 * </ul>
 *
 * <p>No times are written: the document depends only on the run's results. Every character outside
 * printable ASCII is written as a character reference, and characters XML cannot hold as U+FFFD, so
 * that the file is well-formed whatever a testee printed and whatever the terminal's encoding.
 */
final class VectorJunitReport {

  private final SuiteVersion suite;
  private final String subject;
  private final List<VectorFile> files;
  private final VectorRun run;

  VectorJunitReport(SuiteVersion suite, String subject, List<VectorFile> files, VectorRun run) {
    this.suite = suite;
    this.subject = subject;
    this.files = List.copyOf(files);
    this.run = run;
  }

  /** The document, ending with a newline. */
  String xml() {
    StringWriter text = new StringWriter();
    try {
      XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
      xml.writeStartDocument("UTF-8", "1.0");
      newline(xml, 0);
      xml.writeStartElement("testsuites");
      xml.writeAttribute("name", clean("podtopo conformance vectors: " + subject));
      xml.writeAttribute("tests", String.valueOf(run.results().size()));
      xml.writeAttribute("failures", String.valueOf(count(run.results(), CaseResult.Status.FAILED)));
      xml.writeAttribute("errors", String.valueOf(run.broken().isPresent() ? 1 : 0));
      for (Map.Entry<String, List<CaseResult>> kind : byKind().entrySet()) {
        writeSuite(xml, kind.getKey(), kind.getValue());
      }
      newline(xml, 0);
      xml.writeEndElement();
      xml.writeEndDocument();
      xml.close();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write JUnit XML: " + e.getMessage(), e);
    }
    return asciiOnly(text.toString()) + "\n";
  }

  private Map<String, List<CaseResult>> byKind() {
    Map<String, List<CaseResult>> byKind = new LinkedHashMap<>();
    run.results().forEach(r -> byKind.computeIfAbsent(r.vectorCase().kind(), k -> new ArrayList<>()).add(r));
    return byKind;
  }

  private void writeSuite(XMLStreamWriter xml, String kind, List<CaseResult> results) throws XMLStreamException {
    boolean brokeHere = results.stream().anyMatch(this::isBreak);
    newline(xml, 1);
    xml.writeStartElement("testsuite");
    xml.writeAttribute("name", clean(kind));
    xml.writeAttribute("tests", String.valueOf(results.size()));
    xml.writeAttribute("failures", String.valueOf(count(results, CaseResult.Status.FAILED)));
    xml.writeAttribute("errors", String.valueOf(brokeHere ? 1 : 0));
    xml.writeAttribute("skipped", String.valueOf(count(results, CaseResult.Status.SKIPPED)
        + count(results, CaseResult.Status.NOT_RUN) - (brokeHere ? 1 : 0)));
    writeProperties(xml, results);
    for (CaseResult result : results) {
      writeCase(xml, result);
    }
    newline(xml, 1);
    xml.writeEndElement();
  }

  private void writeProperties(XMLStreamWriter xml, List<CaseResult> results) throws XMLStreamException {
    newline(xml, 2);
    xml.writeStartElement("properties");
    property(xml, "suite", suite.coordinates());
    property(xml, "subject", subject);
    Set<String> fileNames = new LinkedHashSet<>();
    results.forEach(r -> fileNames.add(r.vectorCase().file()));
    for (VectorFile file : files) {
      if (fileNames.contains(file.name())) {
        property(xml, "file:" + file.name(), "sha256:" + file.sha256());
      }
    }
    newline(xml, 2);
    xml.writeEndElement();
  }

  private static void property(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
    newline(xml, 3);
    xml.writeEmptyElement("property");
    xml.writeAttribute("name", clean(name));
    xml.writeAttribute("value", clean(value));
  }

  private void writeCase(XMLStreamWriter xml, CaseResult result) throws XMLStreamException {
    VectorCase c = result.vectorCase();
    newline(xml, 2);
    boolean passed = result.status() == CaseResult.Status.PASSED;
    if (passed) {
      xml.writeEmptyElement("testcase");
    } else {
      xml.writeStartElement("testcase");
    }
    xml.writeAttribute("classname", clean(c.kind()));
    xml.writeAttribute("name", clean(nameWithinKind(c)));
    if (passed) {
      return;
    }
    newline(xml, 3);
    switch (result.status()) {
      case FAILED -> {
        xml.writeStartElement("failure");
        xml.writeAttribute("message", clean(result.differences().isEmpty() ? "failed" : result.differences().get(0)));
        xml.writeCharacters(clean(failureText(result)));
        xml.writeEndElement();
      }
      case SKIPPED -> {
        xml.writeEmptyElement("skipped");
        xml.writeAttribute("message", clean(String.join("; ", result.differences())));
      }
      default -> writeNotRun(xml, c);
    }
    newline(xml, 2);
    xml.writeEndElement();
  }

  private void writeNotRun(XMLStreamWriter xml, VectorCase c) throws XMLStreamException {
    SubjectBreak broken = run.broken().orElseThrow();
    if (!isBreakCase(c)) {
      xml.writeEmptyElement("skipped");
      xml.writeAttribute("message", clean("not run: the subject broke on " + broken.atCase().id()));
      return;
    }
    xml.writeStartElement("error");
    xml.writeAttribute("type", broken.cause().label());
    xml.writeAttribute("message", clean(broken.message()));
    StringBuilder text = new StringBuilder("upstream: " + c.upstream() + " (" + c.file() + ")\n" + broken.message()
        + "\nthis case and every later one were not run\n");
    text.append(broken.stderrTail().isEmpty() ? "standard error: (nothing)\n"
        : lastLines(broken.stderrTail().size()) + " of its standard error:\n");
    broken.stderrTail().forEach(line -> text.append("| ").append(line).append('\n'));
    xml.writeCharacters(clean(text.toString()));
    xml.writeEndElement();
  }

  private static String failureText(CaseResult result) {
    VectorCase c = result.vectorCase();
    StringBuilder text = new StringBuilder();
    text.append("upstream: ").append(c.upstream()).append(" (").append(c.file()).append(")\n");
    text.append("expected: ").append(c.expect()).append('\n');
    text.append("actual:   ").append(result.actual() == null ? "(none)" : result.actual()).append('\n');
    result.differences().forEach(d -> text.append("- ").append(d).append('\n'));
    return text.toString();
  }

  private boolean isBreak(CaseResult result) {
    return result.status() == CaseResult.Status.NOT_RUN && isBreakCase(result.vectorCase());
  }

  private boolean isBreakCase(VectorCase c) {
    Optional<SubjectBreak> broken = run.broken();
    return broken.isPresent() && broken.get().atCase().equals(c);
  }

  /** {@code last line} or {@code last N lines}. */
  static String lastLines(int count) {
    return count == 1 ? "last line" : "last " + count + " lines";
  }

  /** The case id without its leading {@code <kind>/}, or the whole id when it does not start so. */
  private static String nameWithinKind(VectorCase c) {
    String prefix = c.kind() + "/";
    return c.id().startsWith(prefix) && c.id().length() > prefix.length() ? c.id().substring(prefix.length()) : c.id();
  }

  private static int count(List<CaseResult> results, CaseResult.Status status) {
    return (int) results.stream().filter(r -> r.status() == status).count();
  }

  private static void newline(XMLStreamWriter xml, int depth) throws XMLStreamException {
    xml.writeCharacters("\n" + "  ".repeat(depth));
  }

  /** Characters XML 1.0 cannot hold (most control characters, lone surrogates) replaced by U+FFFD. */
  private static String clean(String text) {
    StringBuilder out = new StringBuilder(text.length());
    text.codePoints().forEach(cp -> out.appendCodePoint(allowedInXml(cp) ? cp : 0xFFFD));
    return out.toString();
  }

  private static boolean allowedInXml(int cp) {
    return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF)
        || (cp >= 0xE000 && cp <= 0xFFFD) || (cp >= 0x10000 && cp <= 0x10FFFF);
  }

  /** Every character above U+007E written as a character reference; markup is ASCII already. */
  private static String asciiOnly(String xml) {
    StringBuilder out = new StringBuilder(xml.length());
    xml.codePoints().forEach(cp -> {
      if (cp > 0x7E) {
        out.append("&#x").append(Integer.toHexString(cp).toUpperCase(java.util.Locale.ROOT)).append(';');
      } else {
        out.appendCodePoint(cp);
      }
    });
    return out.toString();
  }
}
