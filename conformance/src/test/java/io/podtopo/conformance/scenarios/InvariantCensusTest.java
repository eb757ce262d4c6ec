package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.invariants.Violation;
import io.podtopo.conformance.vectors.BrokenSubjectException;
import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.SubjectBreak;
import io.podtopo.conformance.vectors.TesteeException;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.VectorRunner;
import io.podtopo.domain.quirks.KubeletQuirk;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link InvariantCensus} on podtopo's own kubelet behaviour (ADR 0008), which breaks some of the
 * spec's invariants through its quirks: every scenario is checked, each broken invariant is counted,
 * shrunk and explained by the quirk that breaks it; a breach podtopo's kubelet behaviour does not
 * reproduce is unexplained; a kubelet crash is counted apart; a broken subject stops the census.
 */
class InvariantCensusTest {

  private static final VectorKinds KINDS = VectorKinds.reference();
  private static final ReferenceSubject REFERENCE = new ReferenceSubject(KINDS);

  /** Counts the scenarios checked and the counterexamples shrunk. */
  private static final class Recording implements InvariantCensus.Listener {
    int scenarios;
    final List<Integer> shrunk = new ArrayList<>();

    @Override
    public void scenarioDone(int done, int broken) {
      scenarios = done;
    }

    @Override
    public void shrinking(int invariant, int steps) {
      shrunk.add(invariant);
    }
  }

  /** A subject answering as {@code answer} says, named "changed". */
  private static Subject subject(Function<JsonNode, JsonNode> answer) {
    return new Subject() {
      @Override
      public String name() {
        return "changed";
      }

      @Override
      public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
        return Optional.of(answer.apply(input));
      }
    };
  }

  /** The census of seed 2, 40 scenarios, of podtopo's kubelet behaviour, shared by the tests that read it. */
  private static final Recording SEED_2_LISTENER = new Recording();
  private static final InvariantCensus.Report SEED_2 = new InvariantCensus(REFERENCE).run(2L, 40, SEED_2_LISTENER);

  private static InvariantCensus.Finding finding(InvariantCensus.Report census, int invariant) {
    return census.findings().stream().filter(finding -> finding.invariant() == invariant).findFirst().orElseThrow();
  }

  @Test
  void adr0008_theKubeletBehaviourBreaksOnlyInvariantsItsQuirksExplain_andEveryScenarioIsChecked() {
    InvariantCensus.Report census = SEED_2;
    Recording listener = SEED_2_LISTENER;

    assertThat(census.scenarios()).isEqualTo(40);
    assertThat(listener.scenarios).isEqualTo(40);
    assertThat(census.findings()).extracting(InvariantCensus.Finding::invariant).containsExactly(12, 17, 24, 35, 36);
    assertThat(listener.shrunk).containsExactly(12, 17, 24, 35, 36);
    assertThat(census.findings()).allSatisfy(finding -> {
      assertThat(finding.explanation().explained()).as("invariant %d", finding.invariant()).isTrue();
      assertThat(finding.unexplained()).as("every scenario breaking %d explained", finding.invariant()).isZero();
      assertThat(finding.explanation().reference()).isEqualTo(QuirkExplanation.Reference.BREAKS_IT_TOO);
      assertThat(finding.violations()).extracting(Violation::invariant).containsOnly(finding.invariant());
    });
    assertThat(census.unexplained()).isZero();
    assertThat(finding(census, 35).scenarios()).as("not only the first scenario breaking it").isEqualTo(16);
    assertThat(finding(census, 35).explanation().quirks()).containsExactly(KubeletQuirk.STALE_TOPOLOGY_HINTS);
    assertThat(finding(census, 24).explanation().quirks()).contains(KubeletQuirk.CPU_RESTART_REALLOCATES);
    assertThat(census.kubeletCrashes()).isEmpty();
  }

  @Test
  void invariant31_aPodRefusedOnReadmissionIsNoLongerListed_soItsAbsenceFromPodResourcesIsNoBreach() {
    // Seed 2 re-admits pods the kubelet refuses after a restart (Q-cpu-restart-reallocates): FORMAT.md
    // says such a pod is failed and no longer active, so PodResources rightly lists it no more.
    InvariantCensus.Report census = SEED_2;

    assertThat(census.findings()).extracting(InvariantCensus.Finding::invariant).doesNotContain(31);
    assertThat(finding(census, 24).scenarios()).isEqualTo(3);
  }

  @Test
  void invariant26_aFullPcpusOnlyPodTheKubeletCrashesOnIsExplainedByQMemoryMissingTable() {
    InvariantCensus.Report census = new InvariantCensus(REFERENCE).run(1L, 40, new Recording());

    InvariantCensus.Finding finding = finding(census, 26);
    assertThat(finding.violations().get(0).message()).contains("rejected with KubeletNoAnswer instead of SMTAlignmentError");
    assertThat(finding.explanation().quirks()).containsExactly(KubeletQuirk.MEMORY_MISSING_TABLE);
    assertThat(finding.explanation().describe()).isEqualTo("Q-memory-missing-table");
  }

  @Test
  void eachCounterexampleIsTheSmallestShrunkAndReplaysAsAVectorFileOfPodtoposKubeletAnswer() {
    InvariantCensus.Report census = SEED_2;
    InvariantCensus.Finding finding = finding(census, 24);

    assertThat(finding.counterexample().steps().size()).isLessThan(finding.operations()).isLessThanOrEqualTo(3);
    ObjectNode file = InvariantCensus.counterexample(census, finding);
    VectorCase counterexample = VectorFile.read("counterexample.json",
        new ByteArrayInputStream(file.toString().getBytes(StandardCharsets.UTF_8))).cases().get(0);
    assertThat(counterexample.id()).isEqualTo("node-scenario/counterexample/seed-2-invariant-24");
    assertThat(new VectorRunner(KINDS).run(REFERENCE, counterexample).status()).isEqualTo(CaseResult.Status.PASSED);
    assertThat(file.get("cases").get(0).get("input").has("behaviour")).as("kubelet, the format's default").isFalse();
    assertThat(AnswerReplay.check(finding.counterexample(), ReferenceScenarioRun.answer(finding.counterexample()))
        .firstBroken()).containsKey(24);
  }

  @Test
  void aBreachPodtoposKubeletBehaviourDoesNotReproduceIsUnexplained_invariant12() {
    Subject defaultSetNeverShrinks = subject(input -> {
      ObjectNode answer = (ObjectNode) REFERENCE.run("c", NodeScenarioKind.NAME, input).orElseThrow();
      answer.get("steps").forEach(step -> ((ObjectNode) step).set("defaultCpuSet", answer.get("initial").get("defaultCpuSet")));
      return answer;
    });

    InvariantCensus.Report census = new InvariantCensus(defaultSetNeverShrinks).run(5L, 20, new Recording());

    InvariantCensus.Finding finding = finding(census, 12);
    assertThat(finding.explanation().explained()).isFalse();
    assertThat(finding.explanation().reference()).isEqualTo(QuirkExplanation.Reference.KEEPS_IT);
    assertThat(finding.explanation().describe()).startsWith("UNEXPLAINED: podtopo's kubelet behaviour keeps it");
    assertThat(finding.unexplained()).isEqualTo(finding.scenarios());
    assertThat(census.unexplained()).isPositive();
  }

  @Test
  void aScenarioTheKubeletCrashesOnOutsideAnAdmissionIsCountedApart_anyOtherErrorBreaksInvariant0() {
    Subject crashes = subject(input -> {
      throw new TesteeException("testee error: would crash: kubelet v1.37.2 panicked: runtime error");
    });
    InvariantCensus.Report crashed = new InvariantCensus(crashes).run(3L, 5, new Recording());
    assertThat(crashed.kubeletCrashes()).containsOnlyKeys(1, 2, 3, 4, 5)
        .containsEntry(1, "testee error: would crash: kubelet v1.37.2 panicked: runtime error");
    assertThat(crashed.findings()).isEmpty();

    Subject fails = subject(input -> {
      throw new TesteeException("testee error: cannot read the machine");
    });
    InvariantCensus.Report failed = new InvariantCensus(fails).run(3L, 5, new Recording());
    assertThat(failed.findings()).extracting(InvariantCensus.Finding::invariant).containsExactly(0);
    assertThat(finding(failed, 0).scenarios()).isEqualTo(5);
    assertThat(finding(failed, 0).explanation().explained()).isFalse();
    assertThat(failed.unexplained()).isEqualTo(1);
  }

  @Test
  void aBrokenSubjectStopsTheCensus() {
    Subject dies = subject(input -> {
      throw new BrokenSubjectException(SubjectBreak.Cause.EXITED, "testee exited with code 3", List.of());
    });

    assertThatThrownBy(() -> new InvariantCensus(dies).run(3L, 5, new Recording()))
        .isInstanceOf(BrokenSubjectException.class).hasMessage("testee exited with code 3");
  }
}
