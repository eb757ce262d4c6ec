package io.podtopo.adapters.grpc;

import static io.podtopo.adapters.grpc.KepNodes.GI;
import static io.podtopo.adapters.grpc.KepNodes.MI;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.service.NodeResourceManagerService;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The KEP-5526 examples admitted by a node service, served by {@link PodResourcesServer} on a real
 * Unix socket and read back by {@link PodResourcesClient}: every pod and container field as PLRM
 * spec §9.2 says, in pod scope and in container scope. That the client reads a node's answers value
 * for value, {@code Get} as {@code List} has the pod, is {@link PodResourcesClientContractTest}'s.
 */
class PodResourcesEndToEndTest {

  @TempDir
  Path dir;

  @Test
  void podScopeReportsTheBubbleAtPodLevelAndExclusiveSlicesAtBothLevels_spec9_2() {
    PodResourcesView view = listed(KepNodes.podScope());

    assertThat(view.pods()).extracting(PodResources::name)
        .containsExactly("shared-only", "pod-scope-mixed", "init-and-sidecars");
    assertThat(view.pod("shared-only", "default")).hasValue(pod("shared-only", CpuSet.parse("1-2,17-18"), 4 * GI,
        shared("web"), shared("cache")));
    assertThat(view.pod("pod-scope-mixed", "default")).hasValue(pod("pod-scope-mixed", CpuSet.parse("3-5,19-20"), 6 * GI,
        exclusive("metrics-sidecar", "5", 512 * MI), exclusive("main-app", "3-4,19", 4 * GI), shared("logging-sidecar")));
    assertThat(view.pod("init-and-sidecars", "default")).hasValue(pod("init-and-sidecars", CpuSet.parse("6-7,22-23"), 4 * GI,
        exclusive("proxy", "6", 512 * MI), exclusive("app", "7,23", 2 * GI), shared("log-shipper")));
  }

  @Test
  void theSharedPoolIsThePodSetMinusItsContainersSetsWithoutDoubleCounting_spec9_2() {
    PodResources mixed = listed(KepNodes.podScope()).pod("pod-scope-mixed", "default").orElseThrow();

    CpuSet exclusive = mixed.containers().stream().map(ContainerResources::cpuIds).reduce(CpuSet.empty(), CpuSet::union);

    assertThat(mixed.cpuIds().difference(exclusive)).isEqualTo(CpuSet.of(20));
    assertThat(exclusive.isSubsetOf(mixed.cpuIds())).isTrue();
  }

  @Test
  void containerScopeLeavesThePodLevelFieldsEmptyAndReportsOnlyExclusiveContainers_spec9_2_invariant30() {
    PodResourcesView view = listed(KepNodes.containerScope());

    assertThat(view.pods()).containsExactly(
        pod("container-scope-mixed", CpuSet.empty(), 0, exclusive("database", "1,17", 2 * GI), shared("backup-agent")),
        pod("pod-only", CpuSet.empty(), 0, shared("frontend"), shared("backend")));
  }

  @Test
  void allocatableResourcesAreTheUnreservedCpusAndTheMemoryAndHugepagesPerNumaNode() {
    NodeResourceManagerService node = KepNodes.podScope();

    AllocatableResources allocatable = served(node, PodResourcesClient::allocatable);

    assertThat(allocatable).isEqualTo(node.allocatable());
    assertThat(allocatable.cpuIds()).isEqualTo(CpuSet.parse("1-15,17-31"));
    assertThat(allocatable.memory()).containsExactly(
        MemoryBlock.of(List.of(0), "hugepages-1Gi", 4 * GI), MemoryBlock.of(List.of(0), "hugepages-2Mi", 2 * GI),
        MemoryBlock.of(List.of(0), "memory", 57 * GI),
        MemoryBlock.of(List.of(1), "hugepages-1Gi", 4 * GI), MemoryBlock.of(List.of(1), "hugepages-2Mi", 2 * GI),
        MemoryBlock.of(List.of(1), "memory", 57 * GI));
  }

  private PodResourcesView listed(NodeResourceManagerService node) {
    return served(node, PodResourcesClient::list);
  }

  /** What {@code read} gets from a client of a server of {@code node}. */
  private <T> T served(NodeResourceManagerService node, Function<PodResourcesClient, T> read) {
    try (PodResourcesServer server = PodResourcesServer.builder(node, dir.resolve("kubelet.sock")).start();
        PodResourcesClient client = PodResourcesClient.connect(server.socket())) {
      return read.apply(client);
    }
  }

  private static PodResources pod(String name, CpuSet cpus, long memory, ContainerResources... containers) {
    return new PodResources.Builder().name(name).namespace("default").cpuIds(cpus)
        .memory(memory == 0 ? List.of() : List.of(MemoryBlock.of(List.of(0), "memory", memory)))
        .addContainers(containers)
        .build();
  }

  private static ContainerResources exclusive(String name, String cpus, long memory) {
    return new ContainerResources.Builder().name(name).cpuIds(CpuSet.parse(cpus))
        .addMemory(MemoryBlock.of(List.of(0), "memory", memory)).build();
  }

  private static ContainerResources shared(String name) {
    return new ContainerResources.Builder().name(name).cpuIds(CpuSet.empty()).build();
  }
}
