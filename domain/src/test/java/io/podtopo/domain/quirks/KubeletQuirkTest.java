package io.podtopo.domain.quirks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** ADR 0008: the quirks' names, the behaviour switch and the per-computation log. */
class KubeletQuirkTest {

  @Test
  void adr0008_everyQuirkHasAStableIdItsDecisionBothBehavioursAndItsEvidenceOnOneLineEach() {
    assertThat(Arrays.stream(KubeletQuirk.values()).map(KubeletQuirk::id)).doesNotHaveDuplicates();
    for (KubeletQuirk quirk : KubeletQuirk.values()) {
      assertThat(quirk.id()).as(quirk.name()).matches("Q-[a-z0-9]+(-[a-z0-9]+)+");
      assertThat(quirk.decision()).as(quirk.name()).matches("D-[1-9][0-9]*");
      assertThat(quirk.label()).isEqualTo(quirk.id() + " (" + quirk.decision() + ")");
      for (String text : new String[] {quirk.kubeletBehaviour(), quirk.specBehaviour(), quirk.evidence()}) {
        assertThat(text).as(quirk.name()).isNotBlank().doesNotContain("\n");
      }
      assertThat(quirk.kubeletBehaviour()).as(quirk.name()).isNotEqualTo(quirk.specBehaviour());
    }
  }

  @Test
  void adr0008_aQuirkWithoutAnAnswerSaysWhetherTheKubeletNeverFinishesOrCrashes() {
    assertThat(KubeletQuirk.NUMA_REMAINDER_LOOP.noAnswerMessage("admitting this pod"))
        .isEqualTo("kubelet v1.37.2 would never finish admitting this pod (quirk Q-numa-remainder-loop, D-16)");
    assertThat(KubeletQuirk.MEMORY_MISSING_TABLE.noAnswerMessage("admitting this pod"))
        .isEqualTo("kubelet v1.37.2 would crash admitting this pod (quirk Q-memory-missing-table, D-11)");
    assertThat(QuirkLog.of(Behaviour.KUBELET).noAnswer(KubeletQuirk.MEMORY_MISSING_TABLE).getMessage())
        .isEqualTo("kubelet v1.37.2 would crash (quirk Q-memory-missing-table, D-11)");
  }

  @Test
  void adr0008_behavioursParseFromTheirLabelsAndAnythingElseIsNamedInTheError() {
    for (Behaviour behaviour : Behaviour.values()) {
      assertThat(Behaviour.parse(behaviour.label())).isEqualTo(behaviour);
    }
    assertThat(Behaviour.KUBELET.other()).isEqualTo(Behaviour.SPEC);
    assertThat(Behaviour.SPEC.other()).isEqualTo(Behaviour.KUBELET);
    assertThatThrownBy(() -> Behaviour.parse("Spec"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown behaviour \"Spec\": expected kubelet or spec");
    assertThatThrownBy(() -> Behaviour.parse("kubelet\n"))
        .hasMessage("unknown behaviour \"kubelet\\n\": expected kubelet or spec");
  }

  @Test
  void adr0008_aLogSwitchesOneQuirkAtATimeAndRecordsWhatWasReachedInDeclarationOrder() {
    QuirkLog kubelet = QuirkLog.of(Behaviour.KUBELET);
    assertThat(kubelet.reproducesKubelet(KubeletQuirk.LONE_SIBLING)).isTrue();
    QuirkLog switched = kubelet.switching(KubeletQuirk.LONE_SIBLING);
    assertThat(switched.reproducesKubelet(KubeletQuirk.LONE_SIBLING)).isFalse();
    assertThat(switched.reproducesKubelet(KubeletQuirk.NUMA_REMAINDER_LOOP)).isTrue();
    assertThat(switched.switching(KubeletQuirk.LONE_SIBLING).reproducesKubelet(KubeletQuirk.LONE_SIBLING)).isTrue();
    assertThat(QuirkLog.of(Behaviour.SPEC).switching(KubeletQuirk.LONE_SIBLING)
        .reproducesKubelet(KubeletQuirk.LONE_SIBLING)).isTrue();

    kubelet.reached(KubeletQuirk.LONE_SIBLING);
    kubelet.reached(KubeletQuirk.CPU_RESTART_REALLOCATES);
    kubelet.reached(KubeletQuirk.LONE_SIBLING);
    assertThat(kubelet.reachedQuirks())
        .containsExactly(KubeletQuirk.CPU_RESTART_REALLOCATES, KubeletQuirk.LONE_SIBLING);
    assertThat(kubelet.switching(KubeletQuirk.LONE_SIBLING).reachedQuirks()).as("a fresh log").isEmpty();
  }
}
