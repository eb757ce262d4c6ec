package com.example.podtopo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.ProcessSubject;
import io.podtopo.conformance.vectors.RunSummary;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.VectorRun;
import io.podtopo.conformance.vectors.VectorRunner;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The conformance test a JVM implementer writes in their own project (issue 11; quoted by
 * {@code docs/conformance.md}, "JVM implementations"): one JUnit test per bundled case of the kinds
 * the subject implements, so the build's own JUnit XML reports them, and a check that the rest is
 * skipped as unsupported, never passed.
 */
class ExampleSubjectConformanceTest {

  private static final VectorRunner RUNNER = new VectorRunner(VectorKinds.reference());
  private static final List<VectorFile> VECTORS = VectorFile.bundled();

  @TestFactory
  Stream<DynamicTest> everyCaseOfTheKindsItImplementsPasses() {
    ExampleSubject subject = new ExampleSubject();
    return VECTORS.stream().flatMap(file -> file.cases().stream())
        .filter(c -> ExampleSubject.KINDS.contains(c.kind()))
        .map(c -> DynamicTest.dynamicTest(c.id(), () -> {
          CaseResult result = RUNNER.run(subject, c);
          assertEquals(CaseResult.Status.PASSED, result.status(),
              () -> c.upstream() + "\nexpected: " + c.expect() + "\nactual:   " + result.actual() + "\n"
                  + String.join("\n", result.differences()));
        }));
  }

  @Test
  void everyOtherKindIsSkippedAsUnsupported() {
    RunSummary summary = RunSummary.of(RUNNER.runAll(new ExampleSubject(), VECTORS));

    assertThat(summary.failed()).isZero();
    assertThat(summary.kinds()).allSatisfy(kind -> {
      if (ExampleSubject.KINDS.contains(kind.kind())) {
        assertThat(kind.passed()).as(kind.kind()).isPositive();
      } else {
        assertThat(kind.passed()).as(kind.kind()).isZero();
        assertThat(kind.skipReason()).as(kind.kind()).isEqualTo("kind not supported by the subject");
      }
    });
  }

  @Test
  void servedOverTheTesteeProtocolItGivesTheSameResults() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = List.of(java, "-cp", System.getProperty("java.class.path"), ExampleTestee.class.getName());
    List<VectorCase> cases = VECTORS.stream().flatMap(f -> f.cases().stream())
        .filter(c -> ExampleSubject.KINDS.contains(c.kind()) || c.kind().equals("merge-hints")).toList();
    List<CaseResult.Status> inProcess = RUNNER.run(new ExampleSubject(), cases, done -> { }).results().stream()
        .map(CaseResult::status).toList();

    try (ProcessSubject testee = ProcessSubject.start(command, Duration.ofSeconds(30))) {
      VectorRun overProtocol = RUNNER.run(testee, cases, done -> { });

      assertThat(overProtocol.broken()).isEmpty();
      assertThat(overProtocol.results()).extracting(CaseResult::status).isEqualTo(inProcess)
          .contains(CaseResult.Status.PASSED, CaseResult.Status.SKIPPED);
    }
  }
}
