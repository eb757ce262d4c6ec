package io.podtopo.domain.memorymanager;

import static io.podtopo.domain.memorymanager.MemoryFixtures.PLRM_OFF;
import static io.podtopo.domain.memorymanager.MemoryFixtures.allocated;
import static io.podtopo.domain.memorymanager.MemoryFixtures.gu;
import static io.podtopo.domain.memorymanager.MemoryFixtures.hint;
import static io.podtopo.domain.memorymanager.MemoryFixtures.nodes;
import static io.podtopo.domain.memorymanager.MemoryFixtures.policy;
import static io.podtopo.domain.memorymanager.MemoryFixtures.started;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import org.junit.jupiter.api.Test;

/**
 * The {@code None} memory policy answers as upstream's {@code memorymanager/policy_none.go}: name
 * {@code None}, nil hints, allocation and removal change nothing, no allocatable memory.
 */
class NoneMemoryPolicyTest {

  private static final NoneMemoryPolicy POLICY = NoneMemoryPolicy.instance();
  private static final Container CONTAINER = gu("c", "1", "1Gi");
  private static final Pod POD = new Pod.Builder().uid("p").addContainers(CONTAINER).build();
  private static final MemoryManagerState STATE = started(policy(nodes(2, 4, 0), PLRM_OFF));

  @Test
  void upstreamNonePolicyName() {
    assertThat(POLICY.name()).isEqualTo("None");
  }

  @Test
  void upstreamNonePolicyAllocateAndRemoveChangeNothing() {
    QuirkLog quirks = QuirkLog.of(Behaviour.KUBELET);
    assertThat(allocated(POLICY.allocate(STATE, POD, CONTAINER, hint(true, 0), quirks))).isEqualTo(STATE);
    assertThat(allocated(POLICY.allocatePod(STATE, POD, hint(true, 0), quirks))).isEqualTo(STATE);
    assertThat(POLICY.removeContainer(STATE, "p", "c")).isEqualTo(STATE);
    assertThat(POLICY.start(STATE)).isEqualTo(STATE);
  }

  @Test
  void upstreamNonePolicyGetTopologyHintsIsNil() {
    QuirkLog quirks = QuirkLog.of(Behaviour.KUBELET);
    assertThat(POLICY.containerHints(STATE, POD, CONTAINER, quirks).isNil()).isTrue();
    assertThat(POLICY.podHints(STATE, POD, quirks).isNil()).isTrue();
  }

  @Test
  void upstreamNonePolicyGetAllocatableMemoryIsEmpty() {
    assertThat(POLICY.allocatableMemory(STATE)).isEmpty();
  }
}
