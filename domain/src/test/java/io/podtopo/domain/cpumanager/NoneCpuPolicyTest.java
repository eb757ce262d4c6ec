package io.podtopo.domain.cpumanager;

import static io.podtopo.domain.cpumanager.PolicyFixtures.guaranteed;
import static io.podtopo.domain.cpumanager.PolicyFixtures.pod;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code none} CPU policy answers as upstream's {@code policy_none.go} and its tests
 * ({@code policy_none_test.go}): name {@code none}, allocation and removal change nothing, no hints,
 * no allocatable CPUs; every container runs on every CPU.
 */
class NoneCpuPolicyTest {

  private static final CpuTopology TOPOLOGY = UpstreamTopologies.dualSocketHt();
  private static final NoneCpuPolicy POLICY = NoneCpuPolicy.on(TOPOLOGY);
  private static final Container CONTAINER = guaranteed("c", "2", "1G");
  private static final Pod POD = pod("p", CONTAINER);
  private static final CpuManagerState STATE = CpuManagerState.of(CpuSet.parse("2-11"),
      Map.of("q", Map.of("d", CpuSet.of(0, 1))), Map.of());

  @Test
  void upstreamTestNonePolicyName() {
    assertThat(POLICY.name()).isEqualTo("none");
  }

  @Test
  void upstreamTestNonePolicyAllocate_nothingAllocatedNoError() {
    TopologyHint hint = TopologyHint.of(NumaMask.of(0), true);
    CpuAllocationResult container = POLICY.allocate(STATE, POD, CONTAINER, hint, QuirkLog.of(Behaviour.KUBELET));
    CpuAllocationResult wholePod = POLICY.allocatePod(STATE, POD, hint, QuirkLog.of(Behaviour.KUBELET));

    assertThat(container.error()).isEmpty();
    assertThat(container.state()).isEqualTo(STATE);
    assertThat(wholePod.error()).isEmpty();
    assertThat(wholePod.state()).isEqualTo(STATE);
  }

  @Test
  void upstreamTestNonePolicyRemove_nothingReleased() {
    assertThat(POLICY.removeContainer(STATE, "q", "d")).isEqualTo(STATE);
  }

  @Test
  void upstreamTestNonePolicyGetTopologyHints_nilNoPreference() {
    assertThat(POLICY.containerHints(STATE, POD, CONTAINER)).isEmpty();
    assertThat(POLICY.podHints(STATE, POD, QuirkLog.of(Behaviour.KUBELET))).isEmpty();
  }

  @Test
  void upstreamTestNonePolicyGetAllocatableCPUs_empty() {
    assertThat(POLICY.allocatableCpus()).isEqualTo(CpuSet.empty());
    assertThat(POLICY.reservedCpus()).isEqualTo(CpuSet.empty());
  }

  @Test
  void startKeepsTheStateAndEveryContainerRunsOnEveryCpu() {
    assertThat(POLICY.start(STATE)).isEqualTo(STATE);
    assertThat(POLICY.nodeSharedPool(STATE)).isEqualTo(TOPOLOGY.cpus());
    assertThat(POLICY.isolationLevel(STATE, pod("q", guaranteed("d", "2", "1G")), guaranteed("d", "2", "1G")))
        .isEqualTo(ResourceIsolationLevel.HOST);
  }
}
