package io.podtopo.domain.node;

import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import java.util.List;

/**
 * The PodResources v1 view of a state (PLRM spec §9.2, {@code docs/spec/node-admission.md} NA-16):
 *
 * <ul>
 *   <li>pod {@code cpu_ids} = the bubble and pod {@code memory} = the pod entry's blocks, with the
 *       PodLevelResourceManagers gate on; empty without a pod entry (container scope, pods without
 *       pod-level resources, gate off);
 *   <li>containers: restartable init containers, then app containers (standard init and ephemeral
 *       containers are not listed);
 *   <li>container {@code cpu_ids}: its CPUs only at isolation level {@code container};
 *   <li>container {@code memory} (decision Q8): its blocks only when its memory is exclusive, that
 *       is unless it belongs to a pod-level pod (gates on) without being equivalent-Guaranteed. A
 *       container with cpu 1500m and memory request == limit thus reports its memory blocks and no
 *       CPUs; a pod-shared-pool container reports neither.
 *   <li>container {@code devices}: every device it holds, with its NUMA node (upstream
 *       {@code GetDevices}), whatever its CPUs and memory.
 * </ul>
 */
final class PodResourcesReport {

  private final AssignmentReport assignments;
  private final FeatureGates gates;

  PodResourcesReport(AssignmentReport assignments, FeatureGates gates) {
    this.assignments = assignments;
    this.gates = gates;
  }

  PodResourcesView view(NodeState state, List<Pod> activePods) {
    PodResourcesView.Builder view = new PodResourcesView.Builder();
    activePods.forEach(pod -> view.addPod(pod(state, pod)));
    return view.build();
  }

  private PodResources pod(NodeState state, Pod pod) {
    boolean podLevelFields = gates.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS);
    PodResources.Builder resources = new PodResources.Builder()
        .name(pod.name())
        .namespace(pod.namespace())
        .cpuIds(podLevelFields ? state.cpu().podCpus(pod.uid()).orElse(CpuSet.empty()) : CpuSet.empty())
        .memory(podLevelFields ? state.memory().podBlocks(pod.uid()).orElse(List.of()) : List.of());
    for (PodContainers.Member member : PodContainers.of(pod)) {
      if (member.role() == ContainerRole.SIDECAR || member.role() == ContainerRole.APP) {
        resources.addContainer(container(state, pod, member));
      }
    }
    return resources.build();
  }

  private ContainerResources container(NodeState state, Pod pod, PodContainers.Member member) {
    String name = member.container().name();
    boolean exclusiveCpus = assignments.isolation(state, pod, member) == ResourceIsolationLevel.CONTAINER;
    return new ContainerResources.Builder()
        .name(name)
        .cpuIds(exclusiveCpus ? state.cpu().containerCpus(pod.uid(), name).orElseThrow() : CpuSet.empty())
        .memory(exclusiveMemory(pod, member.container())
            ? state.memory().containerBlocks(pod.uid(), name).orElse(List.<MemoryBlock>of()) : List.of())
        .devices(assignments.devices(state, pod.uid(), name))
        .build();
  }

  private boolean exclusiveMemory(Pod pod, Container container) {
    return !pod.managedAtPodLevel(gates) || container.isEquivalentGuaranteed();
  }
}
