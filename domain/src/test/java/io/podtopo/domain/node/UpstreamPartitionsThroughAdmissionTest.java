package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.PLRM_ON;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static io.podtopo.domain.node.NodeFixtures.sidecar;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The upstream reference partitions of PLRM spec §6.2 (TestStaticPolicyAllocatePod, the cases of
 * the {@code static-allocate-pod} and {@code static-validate-pod-scope} vector kinds) reached through
 * the whole admission: the merge picks NUMA 0 on topoDualSocketHT and {@code AllocatePod} partitions
 * the bubble exactly as upstream.
 */
class UpstreamPartitionsThroughAdmissionTest {

  /** topoDualSocketHT: 12 CPUs, NUMA node = socket = id mod 2, siblings i and i+6. */
  private static Machine dualSocketHt() {
    List<Cpu> cpus = new ArrayList<>();
    for (int id = 0; id < 12; id++) {
      cpus.add(Cpu.of(id, id % 6, id % 2, id % 2, 0));
    }
    return Machine.ofCpus("topoDualSocketHT", cpus);
  }

  private final NodeResourceManagers node = NodeResourceManagers.create(new NodeConfig.Builder()
      .cpuManagerPolicy(CpuManagerPolicy.STATIC)
      .reservedSystemCpus(CpuSet.of(0))
      .topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED)
      .topologyManagerScope(TopologyManagerScope.POD)
      .featureGates(PLRM_ON)
      .build(), dualSocketHt());

  private Map<String, CpuSet> partition(Pod pod) {
    Admission admission = node.admit(node.initialState(), pod);
    Map<String, CpuSet> sets = new LinkedHashMap<>();
    admission.assignment().orElseThrow().containers().forEach(c -> sets.put(c.name(), c.cpus().orElseThrow()));
    return sets;
  }

  @Test
  void spec6_2_exclusiveSlicesComeOutOfThePoolAndTheRestIsShared() {
    assertThat(partition(podLevel("p", "3", "1Gi")
        .addContainers(gu("gu1", "1", "100Mi"), gu("gu2", "1", "100Mi"), shared("ngu")).build()))
        .containsExactly(Map.entry("gu1", CpuSet.of(6)), Map.entry("gu2", CpuSet.of(2)), Map.entry("ngu", CpuSet.of(8)));
  }

  @Test
  void spec6_2_sharedStandardInitsRunOnTheBubbleMinusTheSidecarsSoFar() {
    assertThat(partition(podLevel("p", "3", "1Gi")
        .addInitContainers(shared("init1"), sidecar(gu("sidecar", "1", "100Mi")), shared("init2"))
        .addContainers(gu("app", "1", "100Mi"), shared("ngu")).build()))
        .containsExactly(Map.entry("init1", CpuSet.of(2, 6, 8)), Map.entry("sidecar", CpuSet.of(6)),
            Map.entry("init2", CpuSet.of(2, 8)), Map.entry("app", CpuSet.of(2)), Map.entry("ngu", CpuSet.of(8)));
  }

  @Test
  void spec6_3_exclusiveSlicesFillingTheBudgetBesideASharedContainerAreRejectedUnderRestricted() {
    NodeState initial = node.initialState();

    Admission admission = node.admit(initial, podLevel("p", "2", "1Gi")
        .addContainers(gu("gu1", "1", "100Mi"), gu("gu2", "1", "100Mi"), shared("ngu")).build());

    assertThat(admission.reason()).contains("TopologyAffinityError");
    assertThat(admission.trace().merges().get(0).answers().get(0).hints().resources().get("cpu").isUnsatisfiable())
        .isTrue();
    assertThat(admission.state()).isEqualTo(initial);
  }
}
