package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.podtopo.app.PodtopoComponent;
import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.SuiteVersion;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorRun;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * {@code --format junit} (issue 11): JUnit XML in the dialect CI systems read ({@link JunitXmlDialect}),
 * one testsuite per kind naming the suite, the subject and each vector file's SHA-256, one testcase
 * per case.
 */
class VectorJunitReportTest {

  private static final PodtopoComponent SUM = PodtopoComponent.over(SumKind.KINDS);
  private static final String SUM_DIR = CliRun.testResourceDir("vectors-sum");

  @Test
  void junitIsTheCiDialectWithOneTestsuitePerKindAndOneTestcasePerCase() {
    CliRun run = CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--format", "junit");
    Document document = JunitXmlDialect.parse(run.out());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILURES);
    assertThat(run.out()).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    assertThat(JunitXmlDialect.violations(document)).isEmpty();
    Element root = document.getDocumentElement();
    assertThat(List.of(root.getAttribute("name"), root.getAttribute("tests"), root.getAttribute("failures"),
        root.getAttribute("errors"))).containsExactly("podtopo conformance vectors: podtopo (reference)", "3", "1", "0");
    List<Element> suites = JunitXmlDialect.elements(document, "testsuite");
    assertThat(suites).extracting(s -> s.getAttribute("name") + " tests=" + s.getAttribute("tests") + " failures="
        + s.getAttribute("failures") + " errors=" + s.getAttribute("errors") + " skipped=" + s.getAttribute("skipped"))
        .containsExactly("sum tests=2 failures=1 errors=0 skipped=0", "product tests=1 failures=0 errors=0 skipped=1");
    assertThat(properties(suites.get(0))).containsExactly(
        "suite=io.podtopo:podtopo-conformance:" + SuiteVersion.current().version(),
        "subject=podtopo (reference)",
        "file:sum.json=sha256:" + VectorsCommandTest.SUM_SHA256);
  }

  @Test
  void aTestcaseIsNamedByItsCaseIdAndCarriesItsFailureOrWhyItWasSkipped() {
    Document document = JunitXmlDialect.parse(
        CliRun.of(SUM, "conformance", "vectors", "--dir", SUM_DIR, "--format", "junit").out());
    List<Element> cases = JunitXmlDialect.elements(document, "testcase");

    assertThat(cases).extracting(c -> c.getAttribute("classname") + " | " + c.getAttribute("name")).containsExactly(
        "sum | right/two-and-three", "sum | wrong/deliberately-wrong-expectation", "product | unknown-kind/skipped");
    assertThat(cases.get(0).getChildNodes().getLength()).isZero();
    Element failure = JunitXmlDialect.children(cases.get(1), "failure").get(0);
    assertThat(failure.getAttribute("message")).isEqualTo("sum: expected 5, got 4");
    assertThat(failure.getTextContent()).isEqualTo("upstream: clitest/wrong (sum.json)\nexpected: {\"sum\":5}\n"
        + "actual:   {\"sum\":4}\n- sum: expected 5, got 4\n");
    assertThat(JunitXmlDialect.children(cases.get(2), "skipped").get(0).getAttribute("message"))
        .isEqualTo("kind not implemented by the suite");
  }

  @Test
  void theBundledVectorsAgainstTheReferenceAreOneTestsuitePerKindWithEveryCase() {
    Document document = JunitXmlDialect.parse(CliRun.reference("conformance", "vectors", "--format", "junit").out());

    assertThat(JunitXmlDialect.violations(document)).isEmpty();
    assertThat(JunitXmlDialect.elements(document, "testcase"))
        .hasSize(VectorFile.bundled().stream().mapToInt(f -> f.cases().size()).sum());
    assertThat(JunitXmlDialect.elements(document, "testsuite")).extracting(s -> s.getAttribute("name"))
        .contains("merge-hints", "take-by-topology", "pod-guaranteed-cpus").doesNotHaveDuplicates();
    assertThat(JunitXmlDialect.elements(document, "failure")).isEmpty();
  }

  @Test
  void anyTextIsWrittenAsAsciiThatParsesBackAndCharactersXmlCannotHoldBecomeTheReplacementCharacter() {
    VectorCase c = new VectorCase("sum/ünïcode/case", "clitest/ünïcode", "sum", JsonNodeFactory.instance.objectNode(),
        JsonNodeFactory.instance.objectNode().put("sum", 1), "sum.json");
    String difference = "sum: expected 1, got \u00e9t\u00e9 \ud83d\ude00 and a bell \u0007 and a lone \ud800";
    VectorRun run = new VectorRun(List.of(new CaseResult(c, CaseResult.Status.FAILED,
        JsonNodeFactory.instance.objectNode().put("sum", "été"), List.of(difference))), Optional.empty());

    String xml = new VectorJunitReport(SuiteVersion.current(), "subject «x»", List.of(), run).xml();
    Document document = JunitXmlDialect.parse(xml);

    assertThat(xml.chars()).allMatch(ch -> ch == '\n' || (ch >= 0x20 && ch <= 0x7e));
    assertThat(JunitXmlDialect.violations(document)).isEmpty();
    assertThat(JunitXmlDialect.elements(document, "testcase").get(0).getAttribute("name")).isEqualTo("ünïcode/case");
    assertThat(JunitXmlDialect.elements(document, "failure").get(0).getAttribute("message"))
        .isEqualTo("sum: expected 1, got \u00e9t\u00e9 \ud83d\ude00 and a bell \ufffd and a lone \ufffd");
    assertThat(document.getDocumentElement().getAttribute("name")).isEqualTo("podtopo conformance vectors: subject «x»");
  }

  @Test
  void theDialectCheckRejectsWhatCiSystemsDoNotRead() {
    Document document = JunitXmlDialect.parse("<testsuites skipped=\"1\"><testsuite name=\"k\" tests=\"many\" "
        + "failures=\"0\"><testcase classname=\"k\"/><foo/></testsuite></testsuites>");

    assertThat(JunitXmlDialect.violations(document)).containsExactlyInAnyOrder(
        "<testsuites> has no attribute skipped",
        "<testsuite tests=\"many\"> is not a count",
        "<testsuite> lacks its errors attribute",
        "<testcase> lacks its name attribute",
        "<foo> may not be inside <testsuite>",
        "<foo> is no element of the dialect");
  }

  /** The properties of a testsuite as {@code name=value}, in order. */
  static List<String> properties(Element suite) {
    return JunitXmlDialect.children(JunitXmlDialect.children(suite, "properties").get(0), "property").stream()
        .map(p -> p.getAttribute("name") + "=" + p.getAttribute("value")).toList();
  }
}
