package io.podtopo.conformance.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The suite can fail: deliberately broken subjects are caught as FAILED or SKIPPED, never PASSED,
 * while a correct subject (even one writing sets in another order) passes every case.
 */
class BrokenSubjectsAreCaughtTest {

  private static final Pattern CPULIST = Pattern.compile("\\d+(-\\d+)?(,\\d+(-\\d+)?)*");

  private final VectorRunner runner = new VectorRunner(LowestCpusKind.KINDS);
  private final Subject reference = new ReferenceSubject(LowestCpusKind.KINDS);

  @Test
  void theReferenceSubjectPassesEverySelfTestCase() {
    RunSummary summary = RunSummary.of(runner.runAll(reference, SelfTestVectors.files()));

    assertThat(summary.totalsLine()).isEqualTo("4 passed, 0 failed, 0 skipped");
    assertThat(summary.kinds()).containsExactly(new RunSummary.KindCount("lowest-cpus", 4, 0, 0, 0, ""));
  }

  @Test
  void setsWrittenInAnotherOrderStillPassBecauseCpulistsAndAffinitiesCompareAsSets() {
    Subject reordering = transforming("reordering", output -> {
      ObjectNode copy = output.deepCopy();
      List<Integer> cpus = new ArrayList<>(CpuSet.parse(copy.get("cpus").asText()).toList());
      java.util.Collections.reverse(cpus);
      copy.put("cpus", String.join(",", cpus.stream().map(String::valueOf).toList()));
      ArrayNode affinity = (ArrayNode) copy.get("hint").get("numaAffinity");
      List<JsonNode> nodes = new ArrayList<>();
      affinity.forEach(nodes::add);
      affinity.removeAll();
      for (int i = nodes.size() - 1; i >= 0; i--) {
        affinity.add(nodes.get(i));
      }
      return copy;
    });

    assertThat(statuses(reordering)).containsOnly(CaseResult.Status.PASSED).hasSize(4);
  }

  @Test
  void aSubjectThatDropsOneCpuFromEveryCpulistFailsEveryCase() {
    Subject dropping = transforming("drops a cpu", output -> rewrite(output, (name, value) ->
        value.isTextual() && CPULIST.matcher(value.asText()).matches()
            ? TextNode.valueOf(withoutLast(CpuSet.parse(value.asText())).toString()) : value));

    List<CaseResult> results = runner.runAll(dropping, SelfTestVectors.files()).results();

    assertThat(results).extracting(CaseResult::status).containsOnly(CaseResult.Status.FAILED).hasSize(4);
    assertThat(results.get(0).differences()).containsExactly("cpus: expected \"0-1\", got \"0\"");
  }

  @Test
  void aSubjectThatFlipsPreferredFailsEveryCase() {
    Subject flipping = transforming("flips preferred", output -> rewrite(output, (name, value) ->
        name.equals("preferred") ? BooleanNode.valueOf(!value.asBoolean()) : value));

    List<CaseResult> results = runner.runAll(flipping, SelfTestVectors.files()).results();

    assertThat(results).extracting(CaseResult::status).containsOnly(CaseResult.Status.FAILED).hasSize(4);
    assertThat(results.get(0).differences()).containsExactly("hint.preferred: expected true, got false");
  }

  @Test
  void aSubjectThatSupportsNothingIsSkippedNeverPassed() {
    Subject unsupported = new Subject() {
      @Override
      public String name() {
        return "supports nothing";
      }

      @Override
      public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
        return Optional.empty();
      }
    };

    RunSummary summary = RunSummary.of(runner.runAll(unsupported, SelfTestVectors.files()));

    assertThat(summary.totalsLine()).isEqualTo("0 passed, 0 failed, 4 skipped");
    assertThat(summary.kinds()).containsExactly(
        new RunSummary.KindCount("lowest-cpus", 0, 0, 4, 0, "kind not supported by the subject"));
  }

  @Test
  void aSubjectThatThrowsOrAnswersGarbageFails() {
    Subject throwing = transforming("throws", output -> {
      throw new IllegalStateException("boom");
    });
    Subject garbage = transforming("garbage", output -> TextNode.valueOf("not an object"));

    assertThat(statuses(throwing)).containsOnly(CaseResult.Status.FAILED).hasSize(4);
    assertThat(statuses(garbage)).containsOnly(CaseResult.Status.FAILED).hasSize(4);
    assertThat(runner.runAll(throwing, SelfTestVectors.files()).results().get(0).differences())
        .containsExactly("subject failed: IllegalStateException: boom");
  }

  @Test
  void aSubjectThatBreaksEndsTheRunWithOneBreakAndTheRestIsNotRunNeitherFailedNorPassed() {
    Subject breaksOnTheSecondCase = new Subject() {
      private int calls;

      @Override
      public String name() {
        return "breaks on the second case";
      }

      @Override
      public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
        if (++calls == 2) {
          throw new BrokenSubjectException(SubjectBreak.Cause.EXITED, "gone", List.of("last words"));
        }
        return reference.run(caseId, kind, input);
      }
    };

    VectorRun run = runner.runAll(breaksOnTheSecondCase, SelfTestVectors.files());
    RunSummary summary = RunSummary.of(run);

    assertThat(run.broken()).contains(
        new SubjectBreak(SelfTestVectors.cases().get(1), SubjectBreak.Cause.EXITED, "gone", List.of("last words")));
    assertThat(summary.totalsLine()).isEqualTo("1 passed, 0 failed, 0 skipped, 3 not run");
    assertThat(summary.kinds()).containsExactly(new RunSummary.KindCount("lowest-cpus", 1, 0, 0, 3, ""));
    assertThat(summary.failures()).isEmpty();
    assertThat(summary.succeeded()).isFalse();
    assertThat(summary.nothingChecked()).isFalse();
  }

  @Test
  void aRunWhereEveryCaseWasSkippedCheckedNothingAndOneWithAPassDid() {
    RunSummary skippedOnly = RunSummary.of(new VectorRunner(new VectorKinds(List.of()))
        .runAll(reference, SelfTestVectors.files()));
    RunSummary passed = RunSummary.of(runner.runAll(reference, SelfTestVectors.files()));

    assertThat(skippedOnly.nothingChecked()).isTrue();
    assertThat(skippedOnly.succeeded()).isTrue();
    assertThat(skippedOnly.skipReasons()).isEqualTo("kind not implemented by the suite");
    assertThat(passed.nothingChecked()).isFalse();
  }

  @Test
  void aKindTheSuiteDoesNotKnowIsSkippedEvenForAPerfectSubject() {
    VectorRunner knowsNothing = new VectorRunner(new VectorKinds(List.of()));

    RunSummary summary = RunSummary.of(knowsNothing.runAll(reference, SelfTestVectors.files()));

    assertThat(summary.totalsLine()).isEqualTo("0 passed, 0 failed, 4 skipped");
  }

  private List<CaseResult.Status> statuses(Subject subject) {
    return runner.runAll(subject, SelfTestVectors.files()).results().stream().map(CaseResult::status).toList();
  }

  private Subject transforming(String name, UnaryOperator<JsonNode> change) {
    return new Subject() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
        return reference.run(caseId, kind, input).map(change);
      }
    };
  }

  private interface FieldRewrite {
    JsonNode apply(String field, JsonNode value);
  }

  /** A copy with every non-container field value passed through {@code rewrite}, at any depth. */
  private static JsonNode rewrite(JsonNode node, FieldRewrite rewrite) {
    JsonNode copy = node.deepCopy();
    rewriteInPlace(copy, rewrite);
    return copy;
  }

  private static void rewriteInPlace(JsonNode node, FieldRewrite rewrite) {
    if (node instanceof ObjectNode object) {
      for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> field = it.next();
        if (field.getValue().isContainerNode()) {
          rewriteInPlace(field.getValue(), rewrite);
        } else {
          field.setValue(rewrite.apply(field.getKey(), field.getValue()));
        }
      }
    } else if (node instanceof ArrayNode array) {
      array.forEach(element -> rewriteInPlace(element, rewrite));
    }
  }

  private static CpuSet withoutLast(CpuSet cpus) {
    return cpus.isEmpty() ? cpus : cpus.difference(CpuSet.of(cpus.last()));
  }
}
