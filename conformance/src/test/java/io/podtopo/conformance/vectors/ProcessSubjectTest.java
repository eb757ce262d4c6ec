package io.podtopo.conformance.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import java.util.concurrent.TimeUnit;
import java.util.Optional;
import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ProcessSubject} against real external programs: a JVM running {@link ScriptedTestee}, and
 * {@code cat}. A program that breaks ends the run with one {@link SubjectBreak} (issue 11).
 */
@Tag("one-jvm") // alone, after the other tests (pom.xml): it starts programs with timeouts of 1 to 2.5 s
class ProcessSubjectTest {

  private final VectorRunner runner = new VectorRunner(LowestCpusKind.KINDS);

  private static List<String> scripted(String... mode) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new java.util.ArrayList<>(
        List.of(java, "-cp", System.getProperty("java.class.path"), ScriptedTestee.class.getName()));
    command.addAll(List.of(mode));
    return command;
  }

  @Test
  void aProgramServingTheProtocolGivesTheSameResultsAsTheSubjectInProcess() {
    List<CaseResult> inProcess = runner.runAll(new ReferenceSubject(LowestCpusKind.KINDS), SelfTestVectors.files())
        .results();
    try (ProcessSubject testee = ProcessSubject.start(scripted("serve"), Duration.ofSeconds(30))) {
      VectorRun overProtocol = runner.runAll(testee, SelfTestVectors.files());

      assertThat(overProtocol.results()).extracting(CaseResult::status).containsOnly(CaseResult.Status.PASSED)
          .hasSize(4);
      assertThat(overProtocol.results()).extracting(CaseResult::actual)
          .isEqualTo(inProcess.stream().map(CaseResult::actual).toList());
      assertThat(overProtocol.broken()).isEmpty();
    }
  }

  @Test
  void aProgramThatDiesBreaksTheRunOnceWithItsExitCodeAndStandardErrorAndTheRestIsNotRun() {
    try (ProcessSubject testee = ProcessSubject.start(scripted("die"), Duration.ofSeconds(30))) {
      VectorRun run = runner.runAll(testee, SelfTestVectors.files());

      assertThat(run.results()).extracting(CaseResult::status).containsExactly(CaseResult.Status.PASSED,
          CaseResult.Status.NOT_RUN, CaseResult.Status.NOT_RUN, CaseResult.Status.NOT_RUN);
      SubjectBreak broken = run.broken().orElseThrow();
      assertThat(broken.atCase()).isEqualTo(SelfTestVectors.cases().get(1));
      assertThat(broken.cause()).isEqualTo(SubjectBreak.Cause.EXITED);
      assertThat(broken.message()).isEqualTo("testee exited with code 3");
      assertThat(broken.stderrTail()).containsExactly("boom: scripted death");
      assertThat(run.results().get(2).differences()).isEmpty();
    }
  }

  @Test
  void aProgramThatDoesNotAnswerInTimeBreaksTheRunAtTheFirstCase() {
    try (ProcessSubject testee = ProcessSubject.start(scripted("silent"), Duration.ofMillis(1500))) {
      VectorRun run = runner.runAll(testee, SelfTestVectors.files());

      assertThat(run.results()).extracting(CaseResult::status).containsOnly(CaseResult.Status.NOT_RUN).hasSize(4);
      assertThat(run.broken().orElseThrow().cause()).isEqualTo(SubjectBreak.Cause.NO_ANSWER_IN_TIME);
      assertThat(run.broken().orElseThrow().message())
          .isEqualTo("testee gave no answer within 1500 ms");
    }
  }

  /** Issue 24 item 8: a hung testee is ended with the processes it started (a worker would outlive the run). */
  @Test
  void aProgramThatDoesNotAnswerInTimeIsEndedWithItsChildren(@TempDir Path dir) throws Exception {
    Path pidFile = dir.resolve("child.pid");
    List<String> command = List.of("sh", "-c", "sleep 300 & echo $! > " + pidFile + "; sleep 300");
    long child;
    try (ProcessSubject testee = ProcessSubject.start(command, Duration.ofMillis(1500))) {
      VectorRun run = runner.runAll(testee, SelfTestVectors.files());
      assertThat(run.broken().orElseThrow().cause()).isEqualTo(SubjectBreak.Cause.NO_ANSWER_IN_TIME);
      child = Long.parseLong(Files.readString(pidFile).strip());
    }
    Optional<ProcessHandle> handle = ProcessHandle.of(child);
    if (handle.isPresent()) {
      handle.get().onExit().get(10, TimeUnit.SECONDS);
    }
    assertThat(ProcessHandle.of(child).map(ProcessHandle::isAlive)).isNotEqualTo(Optional.of(true));
  }

  @Test
  void aProgramSlowerToStartThanTheTimeoutButWithinTheStartupAllowanceServesTheWholeRun() {
    try (ProcessSubject testee = ProcessSubject.start(scripted("slow-start", "4000"), Duration.ofSeconds(2),
        Duration.ofSeconds(60))) {
      VectorRun run = runner.runAll(testee, SelfTestVectors.files());

      assertThat(run.broken()).isEmpty();
      assertThat(run.results()).extracting(CaseResult::status).containsOnly(CaseResult.Status.PASSED).hasSize(4);
    }
  }

  @Test
  void aProgramSlowerToStartThanTheStartupAllowanceBreaksTheRunAtTheFirstCaseSayingSo() {
    try (ProcessSubject testee = ProcessSubject.start(scripted("slow-start", "8000"), Duration.ofMillis(1000),
        Duration.ofMillis(2500))) {
      VectorRun run = runner.runAll(testee, SelfTestVectors.files());

      assertThat(run.results()).extracting(CaseResult::status).containsOnly(CaseResult.Status.NOT_RUN).hasSize(4);
      assertThat(run.broken().orElseThrow().atCase()).isEqualTo(SelfTestVectors.cases().get(0));
      assertThat(run.broken().orElseThrow().cause()).isEqualTo(SubjectBreak.Cause.NO_ANSWER_IN_TIME);
      assertThat(run.broken().orElseThrow().message())
          .isEqualTo("testee gave no first answer within 2500 ms, the allowance for it to start");
    }
  }

  @Test
  void theStartupAllowanceIsForTheFirstAnswerOnlyLaterOnesWaitTheTimeout() {
    try (ProcessSubject testee = ProcessSubject.start(scripted("slow-second", "8000"), Duration.ofMillis(1500),
        Duration.ofSeconds(60))) {
      VectorRun run = runner.runAll(testee, SelfTestVectors.files());

      assertThat(run.results()).extracting(CaseResult::status).containsExactly(CaseResult.Status.PASSED,
          CaseResult.Status.NOT_RUN, CaseResult.Status.NOT_RUN, CaseResult.Status.NOT_RUN);
      assertThat(run.broken().orElseThrow().atCase()).isEqualTo(SelfTestVectors.cases().get(1));
      assertThat(run.broken().orElseThrow().message()).isEqualTo("testee gave no answer within 1500 ms");
    }
  }

  @Test
  void aProgramThatStopsReadingIsCaughtByTheTimeoutEvenWhenARequestOverflowsThePipe() {
    JsonNode bigInput = TextNode.valueOf("x".repeat(1 << 20));
    try (ProcessSubject testee = ProcessSubject.start(scripted("deaf"), Duration.ofMillis(1500))) {
      assertThatThrownBy(() -> testee.run("big/case/one", "lowest-cpus", bigInput))
          .isInstanceOf(BrokenSubjectException.class)
          .hasMessage("testee gave no answer within 1500 ms");
    }
  }

  @Test
  void aProgramAnsweringAnotherIdIsOutOfStepAndBrokenForEveryLaterCase() {
    try (ProcessSubject testee = ProcessSubject.start(scripted("out-of-step"), Duration.ofSeconds(30))) {
      VectorCase first = SelfTestVectors.cases().get(0);

      assertThatThrownBy(() -> runner.run(testee, first))
          .isInstanceOfSatisfying(BrokenSubjectException.class,
              e -> assertThat(e.breakCause()).isEqualTo(SubjectBreak.Cause.OUT_OF_STEP))
          .hasMessageStartingWith("testee answered out of step: expected id lowest-cpus/one-node/two-of-all");
      assertThatThrownBy(() -> runner.run(testee, SelfTestVectors.cases().get(1)))
          .isInstanceOf(BrokenSubjectException.class)
          .hasMessageStartingWith("testee answered out of step: expected id lowest-cpus/one-node/two-of-all");
    }
  }

  @Test
  void catEchoingTheRequestsDoesNotSpeakTheProtocolAndBreaksTheRunAtTheFirstCase() {
    try (ProcessSubject testee = ProcessSubject.start(List.of("cat"), Duration.ofSeconds(30))) {
      VectorRun run = runner.runAll(testee, SelfTestVectors.files());

      assertThat(run.results()).extracting(CaseResult::status).containsOnly(CaseResult.Status.NOT_RUN).hasSize(4);
      assertThat(run.broken().orElseThrow().cause()).isEqualTo(SubjectBreak.Cause.NOT_PROTOCOL);
      assertThat(run.broken().orElseThrow().atCase()).isEqualTo(SelfTestVectors.cases().get(0));
      assertThat(run.broken().orElseThrow().message()).startsWith("testee answered with a line that is not a "
          + "protocol answer (no \"output\", \"unsupported\" or \"error\"): {\"id\":\"lowest-cpus/one-node/two-of-all\"");
    }
  }

  @Test
  void aProgramThatCannotBeStartedIsAClearError() {
    assertThatThrownBy(() -> ProcessSubject.start(List.of("/nonexistent/podtopo-testee"), Duration.ofSeconds(1)))
        .isInstanceOf(TesteeException.class)
        .hasMessageStartingWith("cannot start testee '/nonexistent/podtopo-testee': ");
  }
}
