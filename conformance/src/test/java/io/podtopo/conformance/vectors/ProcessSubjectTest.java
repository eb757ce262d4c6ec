package io.podtopo.conformance.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link ProcessSubject} against real external programs: a JVM running {@link ScriptedTestee}, and {@code cat}. */
class ProcessSubjectTest {

  private final VectorRunner runner = new VectorRunner(LowestCpusKind.KINDS);

  private static List<String> scripted(String mode) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return List.of(java, "-cp", System.getProperty("java.class.path"), ScriptedTestee.class.getName(), mode);
  }

  @Test
  void aProgramServingTheProtocolGivesTheSameResultsAsTheSubjectInProcess() {
    List<CaseResult> inProcess = runner.runAll(new ReferenceSubject(LowestCpusKind.KINDS), SelfTestVectors.files());
    try (ProcessSubject testee = ProcessSubject.start(scripted("serve"), Duration.ofSeconds(30))) {
      List<CaseResult> overProtocol = runner.runAll(testee, SelfTestVectors.files());

      assertThat(overProtocol).extracting(CaseResult::status).containsOnly(CaseResult.Status.PASSED).hasSize(4);
      assertThat(overProtocol).extracting(CaseResult::actual)
          .isEqualTo(inProcess.stream().map(CaseResult::actual).toList());
    }
  }

  @Test
  void aProgramThatDiesFailsThatCaseAndEveryLaterOneWithItsExitCodeAndStandardError() {
    try (ProcessSubject testee = ProcessSubject.start(scripted("die"), Duration.ofSeconds(30))) {
      List<CaseResult> results = runner.runAll(testee, SelfTestVectors.files());

      assertThat(results).extracting(CaseResult::status).containsExactly(CaseResult.Status.PASSED,
          CaseResult.Status.FAILED, CaseResult.Status.FAILED, CaseResult.Status.FAILED);
      assertThat(results.get(1).differences()).singleElement().asString()
          .contains("testee exited with code 3").contains("boom: scripted death");
      assertThat(results.get(3).differences()).isEqualTo(results.get(1).differences());
    }
  }

  @Test
  void aProgramThatDoesNotAnswerInTimeFailsWithTheTimeout() {
    try (ProcessSubject testee = ProcessSubject.start(scripted("silent"), Duration.ofMillis(1500))) {
      List<CaseResult> results = runner.runAll(testee, SelfTestVectors.files());

      assertThat(results).extracting(CaseResult::status).containsOnly(CaseResult.Status.FAILED);
      assertThat(results.get(0).differences()).containsExactly("subject failed: TesteeException: testee gave "
          + "no answer to lowest-cpus/one-node/two-of-all within 1500 ms");
    }
  }

  @Test
  void aProgramThatStopsReadingIsCaughtByTheTimeoutEvenWhenARequestOverflowsThePipe() {
    JsonNode bigInput = TextNode.valueOf("x".repeat(1 << 20));
    try (ProcessSubject testee = ProcessSubject.start(scripted("deaf"), Duration.ofMillis(1500))) {
      assertThatThrownBy(() -> testee.run("big/case/one", "lowest-cpus", bigInput))
          .isInstanceOf(TesteeException.class)
          .hasMessage("testee gave no answer to big/case/one within 1500 ms");
    }
  }

  @Test
  void aProgramAnsweringAnotherIdIsOutOfStep() {
    try (ProcessSubject testee = ProcessSubject.start(scripted("out-of-step"), Duration.ofSeconds(30))) {
      CaseResult first = runner.run(testee, SelfTestVectors.cases().get(0));

      assertThat(first.status()).isEqualTo(CaseResult.Status.FAILED);
      assertThat(first.differences()).singleElement().asString()
          .contains("testee answered out of step: expected id lowest-cpus/one-node/two-of-all");
    }
  }

  @Test
  void catEchoingTheRequestsIsNotAnAnswerAndFailsEveryCase() {
    try (ProcessSubject testee = ProcessSubject.start(List.of("cat"), Duration.ofSeconds(30))) {
      List<CaseResult> results = runner.runAll(testee, SelfTestVectors.files());

      assertThat(results).extracting(CaseResult::status).containsOnly(CaseResult.Status.FAILED).hasSize(4);
      assertThat(results.get(0).differences()).singleElement().asString()
          .contains("testee answer has no \"output\", \"unsupported\" or \"error\"");
    }
  }

  @Test
  void aProgramThatCannotBeStartedIsAClearError() {
    assertThatThrownBy(() -> ProcessSubject.start(List.of("/nonexistent/podtopo-testee"), Duration.ofSeconds(1)))
        .isInstanceOf(TesteeException.class)
        .hasMessageStartingWith("cannot start testee '/nonexistent/podtopo-testee': ");
  }
}
