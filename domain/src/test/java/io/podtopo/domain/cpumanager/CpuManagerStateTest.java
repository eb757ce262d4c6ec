package io.podtopo.domain.cpumanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.CpuSet;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The CPU Manager state as a value (spec §2.9): equal by its parts, the reuse set of the admitted pod included. */
class CpuManagerStateTest {

  private static final CpuManagerState STATE = CpuManagerState.of(CpuSet.parse("0-3"),
      Map.of("p", Map.of("c", CpuSet.of(4))), Map.of("q", CpuSet.of(5, 6)));

  @Test
  void statesWithEqualPartsAreEqualAndHashAlike() {
    CpuManagerState same = CpuManagerState.of(CpuSet.parse("0-3"), Map.of("p", Map.of("c", CpuSet.of(4))),
        Map.of("q", CpuSet.of(5, 6)));
    assertThat(same).isEqualTo(STATE).hasSameHashCodeAs(STATE);
  }

  @Test
  void statesDifferingInAnyPartAreNotEqual() {
    assertThat(STATE.withDefaultCpuSet(CpuSet.parse("0-2"))).isNotEqualTo(STATE);
    assertThat(STATE.withContainer("p", "c", CpuSet.of(3))).isNotEqualTo(STATE);
    assertThat(STATE.withPodCpus("q", CpuSet.of(5))).isNotEqualTo(STATE);
    assertThat(STATE.withReusableCpus("p", CpuSet.of(4))).isNotEqualTo(STATE)
        .isNotEqualTo(STATE.withReusableCpus("r", CpuSet.of(4)))
        .isNotEqualTo(STATE.withReusableCpus("p", CpuSet.of(3)));
    assertThat(STATE.withDefaultCpuSet(CpuSet.parse("0-2")).hashCode()).isNotEqualTo(STATE.hashCode());
  }

  /** Issue 26 item 2: one bubble release, for {@code RemoveContainer} and the stale-state cleanup alike. */
  @Test
  void issue26_item2_releasingABubbleReturnsItsCpusToTheDefaultSetAndDeletesThePod() {
    assertThat(STATE.releasingBubble("q")).isEqualTo(CpuManagerState.of(CpuSet.parse("0-3,5-6"),
        Map.of("p", Map.of("c", CpuSet.of(4))), Map.of()));
    CpuManagerState withEntries = STATE.withContainer("q", "a", CpuSet.of(5));
    assertThat(withEntries.releasingBubble("q")).as("upstream DeletePod: the pod's entries go with it")
        .isEqualTo(CpuManagerState.of(CpuSet.parse("0-3,5-6"), Map.of("p", Map.of("c", CpuSet.of(4))), Map.of()));
    assertThat(STATE.releasingBubble("p")).as("no bubble: nothing released, the entries stay").isSameAs(STATE);
  }

  @Test
  void theTextShowsTheReuseSetOnlyWhileAPodIsBeingAdmitted() {
    assertThat(STATE).hasToString("CpuManagerState{default=0-3, entries={p={c=4}}, podEntries={q=5-6}}");
    assertThat(STATE.withReusableCpus("p", CpuSet.of(4)))
        .hasToString("CpuManagerState{default=0-3, entries={p={c=4}}, podEntries={q=5-6}, reuse p=4}");
  }
}
