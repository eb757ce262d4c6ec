package io.podtopo.conformance.audit;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import java.util.List;

/**
 * PodResources answers for the audit tests, after the KEP-5526 examples on the 2-socket demo machine
 * (NUMA 0 = CPUs 0-7,16-23, NUMA 1 = 8-15,24-31; CPUs 0 and 16 reserved; 57Gi allocatable per node).
 */
final class Answers {

  static final long GI = 1L << 30;
  static final long MI = 1L << 20;

  private Answers() {}

  /** Pod scope: {@code shared-only}, {@code pod-scope-mixed} (one pool CPU, 20) and a non-pod-level pod {@code db}. */
  static PodResourcesView podScope() {
    return view(
        pod("shared-only", "1-2,17-18", memory(0, 4 * GI), shared("web"), shared("cache")),
        pod("pod-scope-mixed", "3-5,19-20", memory(0, 6 * GI), exclusive("metrics-sidecar", "5", 0, 512 * MI),
            exclusive("main-app", "3-4,19", 0, 4 * GI), shared("logging-sidecar")),
        pod("db", "", List.of(), exclusive("database", "8-9", 1, 2 * GI), shared("backup")));
  }

  /** Container scope: no pod-level fields. */
  static PodResourcesView containerScope() {
    return view(
        pod("container-scope-mixed", "", List.of(), exclusive("database", "1,17", 0, 2 * GI), shared("backup-agent")),
        pod("pod-only", "", List.of(), shared("frontend"), shared("backend")));
  }

  /** CPUs 1-15,17-31; 57Gi of memory and 2Gi of 2Mi hugepages on each NUMA node. */
  static AllocatableResources allocatable() {
    return new AllocatableResources.Builder().cpuIds(CpuSet.parse("1-15,17-31"))
        .addMemory(MemoryBlock.of(List.of(0), "hugepages-2Mi", 2 * GI), MemoryBlock.of(List.of(0), "memory", 57 * GI),
            MemoryBlock.of(List.of(1), "hugepages-2Mi", 2 * GI), MemoryBlock.of(List.of(1), "memory", 57 * GI))
        .build();
  }

  static PodResourcesView view(PodResources... pods) {
    return new PodResourcesView.Builder().addPods(pods).build();
  }

  static PodResources pod(String name, String cpus, List<MemoryBlock> memory, ContainerResources... containers) {
    return new PodResources.Builder().name(name).namespace("default").cpuIds(CpuSet.parse(cpus)).memory(memory)
        .addContainers(containers).build();
  }

  static List<MemoryBlock> memory(int node, long size) {
    return List.of(MemoryBlock.of(List.of(node), "memory", size));
  }

  static ContainerResources exclusive(String name, String cpus, int node, long memory) {
    return container(name, cpus, memory(node, memory));
  }

  static ContainerResources container(String name, String cpus, List<MemoryBlock> memory) {
    return new ContainerResources.Builder().name(name).cpuIds(CpuSet.parse(cpus)).memory(memory).build();
  }

  static ContainerResources shared(String name) {
    return container(name, "", List.of());
  }

  /** The result of the rule {@code id} on {@code input}. */
  static RuleResult result(String id, AuditInput input) {
    return Audit.run(input).results().stream().filter(result -> result.rule().equals(id)).findFirst().orElseThrow();
  }

  /** The result of the rule {@code id} on {@code view} with the example allocatable answer, scope unknown. */
  static RuleResult result(String id, PodResourcesView view) {
    return result(id, AuditInput.of(view, allocatable()));
  }
}
