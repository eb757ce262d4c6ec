package io.podtopo.conformance.vectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.scenarios.PropertyCheck;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A subject may say why it does not support a kind: in the JVM by throwing
 * {@link KindNotSupportedException}, over the testee protocol with
 * {@code {"id","unsupported":true,"reason":"..."}}. The case is skipped with
 * {@code kind not supported by the subject: <reason>}; a kind's row shows its first skipped case's
 * reason and says when its cases gave others.
 */
class UnsupportedReasonTest {

  private static final String ORACLES_REASON = "v1.37.2 has no takeByTopology...ForResize";

  private final VectorRunner runner = new VectorRunner(LowestCpusKind.KINDS);

  /** A subject that throws {@link KindNotSupportedException} with the reasons given, one per call, the last repeated. */
  private static Subject reasoned(String... reasons) {
    return new Subject() {
      private int calls;

      @Override
      public String name() {
        return "reasoned";
      }

      @Override
      public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
        throw new KindNotSupportedException(reasons[Math.min(calls++, reasons.length - 1)]);
      }
    };
  }

  @Test
  void aReasonGivenInTheJvmIsTheSkipReasonOfTheCaseAndOfItsKind() {
    VectorRun run = runner.runAll(reasoned(ORACLES_REASON), SelfTestVectors.files());
    RunSummary summary = RunSummary.of(run);

    assertThat(run.results()).extracting(CaseResult::status).containsOnly(CaseResult.Status.SKIPPED).hasSize(4);
    assertThat(run.results()).extracting(CaseResult::differences)
        .containsOnly(List.of("kind not supported by the subject: " + ORACLES_REASON));
    assertThat(summary.kinds()).containsExactly(new RunSummary.KindCount("lowest-cpus", 0, 0, 4, 0,
        "kind not supported by the subject: " + ORACLES_REASON));
    assertThat(summary.skipReasons()).isEqualTo("kind not supported by the subject: " + ORACLES_REASON);
    assertThat(summary.nothingChecked()).isTrue();
  }

  @Test
  void aKindWhoseCasesGaveDifferentReasonsShowsTheFirstAndSaysHowManyThereWere() {
    RunSummary summary = RunSummary.of(runner.runAll(reasoned("first; with a semicolon", "second", "first; with a semicolon"),
        SelfTestVectors.files()));

    assertThat(summary.kinds()).singleElement().extracting(RunSummary.KindCount::skipReason)
        .isEqualTo("kind not supported by the subject: first; with a semicolon (the first of 2 reasons its cases gave)");
    assertThat(summary.skipReasons())
        .isEqualTo("kind not supported by the subject: first; with a semicolon (the first of 2 reasons its cases gave)");
  }

  @Test
  void theServerAnswersUnsupportedWithTheReason() {
    TesteeServer server = new TesteeServer(reasoned("no \"quotes\" here"));

    assertThat(server.answer("{\"id\":\"x\",\"kind\":\"k\",\"input\":{}}"))
        .isEqualTo("{\"id\":\"x\",\"unsupported\":true,\"reason\":\"no \\\"quotes\\\" here\"}");
    assertThat(TesteeProtocol.unsupported("y")).isEqualTo("{\"id\":\"y\",\"unsupported\":true}");
  }

  @Test
  void aTesteesReasonsReachTheCasesPrintableAndAbbreviatedAndAnAnswerWithoutOneIsPlainUnsupported() {
    String script = "n=0\n"
        + "while IFS= read -r line; do\n"
        + "  id=$(printf '%s' \"$line\" | sed 's/^{\"id\":\"\\([^\"]*\\)\".*/\\1/')\n"
        + "  n=$((n + 1))\n"
        + "  case $n in\n"
        + "    1) printf '{\"id\":\"%s\",\"unsupported\":true,\"reason\":\"" + ORACLES_REASON + "\"}\\n' \"$id\" ;;\n"
        + "    2) printf '{\"id\":\"%s\",\"unsupported\":true}\\n' \"$id\" ;;\n"
        + "    3) printf '{\"id\":\"%s\",\"unsupported\":true,\"reason\":null}\\n' \"$id\" ;;\n"
        + "    *) printf '{\"id\":\"%s\",\"unsupported\":true,\"reason\":\"  bell \\\\u0007 and %s \"}\\n' \"$id\" "
        + "\"$(printf '%0300d' 0)\" ;;\n"
        + "  esac\n"
        + "done\n";
    try (ProcessSubject testee = ProcessSubject.start(List.of("sh", "-c", script), Duration.ofSeconds(30))) {
      VectorRun run = runner.runAll(testee, SelfTestVectors.files());

      assertThat(run.broken()).isEmpty();
      assertThat(run.results()).extracting(CaseResult::status).containsOnly(CaseResult.Status.SKIPPED);
      assertThat(run.results()).extracting(r -> r.differences().get(0)).containsExactly(
          "kind not supported by the subject: " + ORACLES_REASON,
          "kind not supported by the subject",
          "kind not supported by the subject",
          "kind not supported by the subject: bell \\u0007 and " + "0".repeat(189) + "...");
      assertThat(RunSummary.of(run).kinds()).singleElement().extracting(RunSummary.KindCount::skipReason)
          .isEqualTo("kind not supported by the subject: " + ORACLES_REASON + " (the first of 3 reasons its cases gave)");
    }
  }

  @Test
  void aReasonThatIsNotAStringIsNotAProtocolAnswer() {
    String script = "IFS= read -r line\n"
        + "id=$(printf '%s' \"$line\" | sed 's/^{\"id\":\"\\([^\"]*\\)\".*/\\1/')\n"
        + "printf '{\"id\":\"%s\",\"unsupported\":true,\"reason\":42}\\n' \"$id\"\n"
        + "while IFS= read -r line; do :; done\n";
    try (ProcessSubject testee = ProcessSubject.start(List.of("sh", "-c", script), Duration.ofSeconds(30))) {
      VectorRun run = runner.runAll(testee, SelfTestVectors.files());

      assertThat(run.broken().orElseThrow().cause()).isEqualTo(SubjectBreak.Cause.NOT_PROTOCOL);
      assertThat(run.broken().orElseThrow().message()).isEqualTo("testee answered with a line that is not a protocol "
          + "answer (\"reason\" is not a string): {\"id\":\"lowest-cpus/one-node/two-of-all\",\"unsupported\":true,"
          + "\"reason\":42}");
    }
  }

  @Test
  void thePropertiesNameTheReasonTheSubjectGaveForNotAnsweringNodeScenarios() {
    PropertyCheck check = new PropertyCheck(reasoned("scenarios are not driven yet"));

    assertThatThrownBy(() -> check.run(1, 1))
        .isInstanceOf(PropertyCheck.UnsupportedKindException.class)
        .hasMessage("reasoned does not support the kind node-scenario, which the properties need "
            + "(scenarios are not driven yet)");
  }
}
