package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.GI;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.managers;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static io.podtopo.domain.node.NodeFixtures.sidecar;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The PodResources v1 view (PLRM spec §9.2; invariants 29, 30; decision Q8). */
class PodResourcesViewTest {

  private final NodeResourceManagers podScope =
      managers(TopologyManagerPolicy.SINGLE_NUMA_NODE, TopologyManagerScope.POD);

  private static Pod filler() {
    return podLevel("filler", "7", "1Gi").addContainers(shared("busy")).build();
  }

  private static Pod example() {
    return podLevel("example", "5", "2Gi").addContainers(gu("exclusive", "3", "1Gi"), shared("shared")).build();
  }

  @Test
  void spec9_2_examplePodReportsTheBubbleAndOnlyTheExclusiveContainersResources() {
    NodeState state = podScope.admit(podScope.initialState(), filler()).state();
    state = podScope.admit(state, example()).state();

    PodResources pod = podScope.podResources(state, List.of(filler(), example())).pod("example", "default")
        .orElseThrow();

    assertThat(pod.cpuIds()).isEqualTo(CpuSet.range(8, 12));
    assertThat(pod.memory()).containsExactly(MemoryBlock.of(List.of(1), "memory", 2 * GI));
    assertThat(pod.containers()).extracting(ContainerResources::name).containsExactly("exclusive", "shared");
    ContainerResources exclusive = pod.containers().get(0);
    assertThat(exclusive.cpuIds()).isEqualTo(CpuSet.of(8, 9, 10));
    assertThat(exclusive.memory()).containsExactly(MemoryBlock.of(List.of(1), "memory", GI));
    ContainerResources sharedContainer = pod.containers().get(1);
    assertThat(sharedContainer.cpuIds()).isEqualTo(CpuSet.empty());
    assertThat(sharedContainer.memory()).isEmpty();
    assertThat(pod.cpuIds().difference(exclusive.cpuIds())).isEqualTo(CpuSet.of(11, 12));
  }

  @Test
  void spec9_2_theSharedPoolIsThePodSetMinusTheContainersSetsAndItsMemoryTheBudgetTheyLeave() {
    NodeState state = podScope.admit(podScope.initialState(), filler()).state();
    state = podScope.admit(state, example()).state();

    PodResources pod = podScope.podResources(state, List.of(filler(), example())).pod("example", "default")
        .orElseThrow();

    assertThat(pod.sharedPoolCpus()).isEqualTo(CpuSet.of(11, 12));
    assertThat(pod.sharedPoolMemory()).containsExactly(MemoryBlock.of(List.of(1), "memory", GI));
  }

  @Test
  void spec9_2_withoutPodLevelFieldsThereIsNoDerivedSharedPool() {
    NodeResourceManagers containerScope = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER);
    NodeState state = containerScope.admit(containerScope.initialState(), example()).state();

    PodResources pod = containerScope.podResources(state, List.of(example())).pods().get(0);

    assertThat(pod.sharedPoolCpus()).isEqualTo(CpuSet.empty());
    assertThat(pod.sharedPoolMemory()).isEmpty();
  }

  @Test
  void spec9_2_aPoolFullyTakenByExclusiveContainersIsEmpty() {
    PodResources pod = new PodResources.Builder().name("p").namespace("default").cpuIds(CpuSet.of(1, 2))
        .addMemory(MemoryBlock.of(List.of(0), "memory", GI))
        .addContainers(new ContainerResources.Builder().name("a").cpuIds(CpuSet.of(1))
                .addMemory(MemoryBlock.of(List.of(0), "memory", GI / 2)).build(),
            new ContainerResources.Builder().name("b").cpuIds(CpuSet.of(2))
                .addMemory(MemoryBlock.of(List.of(0), "memory", GI / 2)).build())
        .build();

    assertThat(pod.sharedPoolCpus()).isEqualTo(CpuSet.empty());
    assertThat(pod.sharedPoolMemory()).isEmpty();
  }

  /** What the containers report of a type is taken from the pod's blocks of that type in order, each block once. */
  @Test
  void invariant21_theContainersMemoryIsTakenFromThePodBlocksOfItsTypeOneAfterTheOther() {
    PodResources pod = new PodResources.Builder().name("p").namespace("default").cpuIds(CpuSet.empty())
        .addMemory(MemoryBlock.of(List.of(0), "memory", 2 * GI), MemoryBlock.of(List.of(1), "memory", 2 * GI),
            MemoryBlock.of(List.of(0), "hugepages-1Gi", GI))
        .addContainers(new ContainerResources.Builder().name("a").cpuIds(CpuSet.empty())
            .addMemory(MemoryBlock.of(List.of(0, 1), "memory", 3 * GI)).build())
        .build();

    assertThat(pod.sharedPoolMemory()).containsExactly(MemoryBlock.of(List.of(1), "memory", GI),
        MemoryBlock.of(List.of(0), "hugepages-1Gi", GI));
  }

  @Test
  void invariant30_containerScopeReportsNoPodLevelFields() {
    NodeResourceManagers containerScope = managers(TopologyManagerPolicy.RESTRICTED, TopologyManagerScope.CONTAINER);
    NodeState state = containerScope.admit(containerScope.initialState(), example()).state();

    PodResources pod = containerScope.podResources(state, List.of(example())).pods().get(0);

    assertThat(pod.cpuIds()).isEqualTo(CpuSet.empty());
    assertThat(pod.memory()).isEmpty();
    assertThat(pod.containers().get(0).cpuIds()).hasSize(3);
    assertThat(pod.containers().get(0).memory()).hasSize(1);
    assertThat(pod.containers().get(1).cpuIds()).isEqualTo(CpuSet.empty());
  }

  @Test
  void q8_memoryExclusiveButCpuSharedContainerReportsItsMemoryOnly() {
    Container fractional = new Container.Builder().name("fractional")
        .putRequest("cpu", Quantity.parse("1500m")).putLimit("cpu", Quantity.parse("1500m"))
        .putRequest("memory", Quantity.parse("1Gi")).putLimit("memory", Quantity.parse("1Gi")).build();
    Pod pod = podLevel("p", "4", "4Gi").addContainers(fractional, shared("other")).build();
    NodeState state = podScope.admit(podScope.initialState(), pod).state();

    ContainerResources container = podScope.podResources(state, List.of(pod)).pods().get(0).containers().get(0);

    assertThat(container.cpuIds()).isEqualTo(CpuSet.empty());
    assertThat(container.memory()).containsExactly(MemoryBlock.of(List.of(0), "memory", GI));
  }

  @Test
  void spec9_2_sidecarsThenAppContainersAreListedButNotStandardInitOrEphemeralContainers() {
    Pod pod = podLevel("p", "4", "4Gi")
        .addInitContainers(gu("init", "1", "1Gi"), sidecar(gu("side", "1", "1Gi")))
        .addContainers(shared("app"))
        .addEphemeralContainer(shared("debug"))
        .build();
    NodeState state = podScope.admit(podScope.initialState(), pod).state();

    PodResources view = podScope.podResources(state, List.of(pod)).pods().get(0);

    assertThat(view.containers()).extracting(ContainerResources::name).containsExactly("side", "app");
    assertThat(view.containers().get(0).cpuIds()).hasSize(1);
    assertThat(view.containers().get(0).cpuIds().isSubsetOf(view.cpuIds())).isTrue();
  }

  @Test
  void spec9_2_podLevelFieldsNeedThePodLevelResourceManagersGate() {
    NodeResourceManagers gateOff = NodeResourceManagers.create(NodeFixtures.config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.POD, NodeFixtures.PLRM_OFF).build(), NodeFixtures.twoSocketsNoSmt());
    NodeState state = gateOff.admit(gateOff.initialState(), example()).state();

    PodResources pod = gateOff.podResources(state, List.of(example())).pods().get(0);

    assertThat(pod.cpuIds()).isEqualTo(CpuSet.empty());
    assertThat(pod.memory()).isEmpty();
    assertThat(pod.containers()).allSatisfy(c -> assertThat(c.cpuIds()).isEqualTo(CpuSet.empty()));
  }
}
