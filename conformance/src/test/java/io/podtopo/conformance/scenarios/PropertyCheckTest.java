package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.invariants.Violation;
import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.VectorRunner;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link PropertyCheck}: the reference keeps every invariant; a deliberately broken subject is caught,
 * its failure shrunk, replayed by its seed, and printed as a vector case that fails against it and
 * passes against the reference.
 */
class PropertyCheckTest {

  private static final VectorKinds KINDS = VectorKinds.reference();
  private static final ReferenceSubject REFERENCE = new ReferenceSubject(KINDS);

  /** The reference's answers, changed by {@code breakage}. */
  private static Subject broken(UnaryOperator<ObjectNode> breakage) {
    return ChangedReference.changing("broken", breakage);
  }

  /** Never takes anything out of the default set: every step reports the initial one. */
  private static final Subject DEFAULT_SET_NEVER_SHRINKS = broken(answer -> {
    answer.get("steps").forEach(step -> ((ObjectNode) step).set("defaultCpuSet", answer.get("initial").get("defaultCpuSet")));
    return answer;
  });

  @Test
  void theReferenceKeepsEveryInvariantOnGeneratedScenarios_spec15() {
    PropertyCheck.Report report = new PropertyCheck(REFERENCE).run(20260811L, 25);

    assertThat(report.failure()).isEmpty();
    assertThat(report.passedExamples()).isEqualTo(25);
    assertThat(report.admissionsWithoutMerges()).isZero();
  }

  @Test
  void aBrokenSubjectIsCaughtShrunkAndReplayedByItsSeed_invariants11And12() {
    PropertyCheck.Report report = new PropertyCheck(DEFAULT_SET_NEVER_SHRINKS).run(5L, 50);

    assertThat(report.failure()).isPresent();
    PropertyCheck.Outcome failure = report.failure().get();
    assertThat(failure.violations()).extracting(Violation::invariant).contains(12);
    assertThat(failure.scenario().steps()).hasSizeLessThanOrEqualTo(2);

    PropertyCheck.Report replay = new PropertyCheck(DEFAULT_SET_NEVER_SHRINKS).run(5L, 50);
    assertThat(replay.failure().orElseThrow().scenario().write()).isEqualTo(failure.scenario().write());
  }

  @Test
  void theCounterexampleIsAVectorCaseThatFailsAgainstTheBrokenSubjectAndPassesAgainstTheReference() {
    PropertyCheck.Report report = new PropertyCheck(DEFAULT_SET_NEVER_SHRINKS).run(5L, 50);
    ObjectNode file = PropertyCheck.counterexample(report, report.failure().orElseThrow());

    VectorCase counterexample = VectorFile.read("counterexample.json",
        new ByteArrayInputStream(file.toString().getBytes(StandardCharsets.UTF_8))).cases().get(0);
    VectorRunner runner = new VectorRunner(KINDS);
    assertThat(counterexample.id()).isEqualTo("node-scenario/counterexample/seed-5");
    assertThat(runner.run(DEFAULT_SET_NEVER_SHRINKS, counterexample).status()).isEqualTo(CaseResult.Status.FAILED);
    assertThat(runner.run(REFERENCE, counterexample).status()).isEqualTo(CaseResult.Status.PASSED);
  }

  @Test
  void answersWithoutMergesAreCountedAsNotCheckedForTheHintInvariants_14_15_18_19_32() {
    Subject withoutMerges = broken(answer -> {
      answer.get("steps").forEach(step -> ((ObjectNode) step).remove("merges"));
      return answer;
    });

    PropertyCheck.Report report = new PropertyCheck(withoutMerges).run(20260811L, 10);

    assertThat(report.failure()).isEmpty();
    assertThat(report.admissionsWithoutMerges()).isPositive();
  }

  @Test
  void anAnswerThatCannotBeReadIsAFailureNamingTheField() {
    Subject noDefaultSet = broken(answer -> {
      answer.get("steps").forEach(step -> ((ObjectNode) step).remove("defaultCpuSet"));
      return answer;
    });

    PropertyCheck.Report report = new PropertyCheck(noDefaultSet).run(3L, 5);

    assertThat(report.failure().orElseThrow().violations().get(0).toString())
        .startsWith("invariant 0: the answer cannot be read: step 1 (").contains("has no \"defaultCpuSet\"");
  }
}
