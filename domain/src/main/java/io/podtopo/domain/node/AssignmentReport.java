package io.podtopo.domain.node;

import io.podtopo.domain.cpumanager.CpuPolicy;
import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.NumaMask;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads what a pod holds in a state: its {@link PodAssignment} and the allocation steps of the
 * trace (the bubble, the exclusive slices, the pod shared pools, the containers left on the node
 * shared pool, the pod memory, each container's blocks and devices), all in pod order.
 */
final class AssignmentReport {

  private final DeviceManager deviceManager;
  private final CpuPolicy cpuPolicy;

  AssignmentReport(DeviceManager deviceManager, CpuPolicy cpuPolicy) {
    this.deviceManager = deviceManager;
    this.cpuPolicy = cpuPolicy;
  }

  /**
   * The devices a container holds, each as the machine describes it (a device the machine no
   * longer advertises, held since a restart, without NUMA node), in {@link Device#ORDER}.
   */
  List<Device> devices(NodeState state, String podUid, String container) {
    List<Device> devices = new ArrayList<>();
    state.devices().devicesOf(podUid, container).forEach((resource, ids) -> ids.forEach(id ->
        devices.add(deviceManager.device(resource, id).orElseGet(() -> Device.of(resource, id, null)))));
    return List.copyOf(devices);
  }

  ResourceIsolationLevel isolation(NodeState state, Pod pod, PodContainers.Member member) {
    return cpuPolicy.isolationLevel(state.cpu(), pod, member.container());
  }

  PodAssignment assignment(NodeState state, Pod pod, Optional<NumaMask> numaAffinity) {
    PodAssignment.Builder assignment = new PodAssignment.Builder()
        .uid(pod.uid()).name(pod.name()).namespace(pod.namespace())
        .numaAffinity(numaAffinity)
        .podCpus(state.cpu().podCpus(pod.uid()))
        .podMemory(state.memory().podBlocks(pod.uid()).orElse(List.of()));
    for (PodContainers.Member member : PodContainers.of(pod)) {
      String name = member.container().name();
      ResourceIsolationLevel isolation = isolation(state, pod, member);
      assignment.addContainer(new ContainerAssignment.Builder()
          .name(name)
          .role(member.role())
          .cpus(state.cpu().containerCpus(pod.uid(), name))
          .exclusive(isolation == ResourceIsolationLevel.CONTAINER)
          .isolation(isolation)
          .memory(state.memory().containerBlocks(pod.uid(), name).orElse(List.of()))
          .devices(devices(state, pod.uid(), name))
          .build());
    }
    return assignment.build();
  }

  List<AllocationStep> steps(NodeState state, Pod pod) {
    List<AllocationStep> steps = new ArrayList<>();
    cpuSteps(state, pod, steps);
    memorySteps(state, pod, steps);
    deviceSteps(state, pod, steps);
    return List.copyOf(steps);
  }

  private void deviceSteps(NodeState state, Pod pod, List<AllocationStep> steps) {
    for (PodContainers.Member member : PodContainers.of(pod)) {
      String name = member.container().name();
      List<Device> devices = devices(state, pod.uid(), name);
      if (!devices.isEmpty()) {
        steps.add(new AllocationStep.Builder().kind(AllocationStepKind.DEVICES).addContainer(name).devices(devices)
            .build());
      }
    }
  }

  private void cpuSteps(NodeState state, Pod pod, List<AllocationStep> steps) {
    Optional<CpuSet> bubble = state.cpu().podCpus(pod.uid());
    bubble.ifPresent(cpus -> steps.add(new AllocationStep.Builder()
        .kind(AllocationStepKind.POD_BUBBLE).cpus(cpus).numaNodes(numaNodesOf(cpus)).build()));
    Map<CpuSet, List<String>> podPools = new LinkedHashMap<>();
    List<String> nodePool = new ArrayList<>();
    for (PodContainers.Member member : PodContainers.of(pod)) {
      String name = member.container().name();
      Optional<CpuSet> cpus = state.cpu().containerCpus(pod.uid(), name);
      switch (isolation(state, pod, member)) {
        case HOST -> nodePool.add(name);
        case POD -> podPools.computeIfAbsent(cpus.orElseThrow(), set -> new ArrayList<>()).add(name);
        case CONTAINER -> steps.add(bubble.isPresent()
            ? new AllocationStep.Builder().kind(AllocationStepKind.EXCLUSIVE_SLICE).addContainer(name)
                .cpus(cpus.orElseThrow()).build()
            : new AllocationStep.Builder().kind(AllocationStepKind.EXCLUSIVE_CPUS).addContainer(name)
                .cpus(cpus.orElseThrow()).numaNodes(numaNodesOf(cpus.orElseThrow())).build());
      }
    }
    podPools.forEach((cpus, names) -> steps.add(new AllocationStep.Builder()
        .kind(AllocationStepKind.POD_SHARED_POOL).containers(names).cpus(cpus).build()));
    if (!nodePool.isEmpty()) {
      steps.add(new AllocationStep.Builder().kind(AllocationStepKind.NODE_SHARED_POOL).containers(nodePool).build());
    }
  }

  private void memorySteps(NodeState state, Pod pod, List<AllocationStep> steps) {
    state.memory().podBlocks(pod.uid()).ifPresent(blocks -> steps.add(new AllocationStep.Builder()
        .kind(AllocationStepKind.POD_MEMORY).memory(blocks).build()));
    for (PodContainers.Member member : PodContainers.of(pod)) {
      String name = member.container().name();
      List<MemoryBlock> blocks = state.memory().containerBlocks(pod.uid(), name).orElse(List.of());
      if (!blocks.isEmpty()) {
        steps.add(new AllocationStep.Builder().kind(AllocationStepKind.CONTAINER_MEMORY).addContainer(name)
            .memory(blocks).build());
      }
    }
  }

  private NumaMask numaNodesOf(CpuSet cpus) {
    return NumaMask.of(cpuPolicy.topology().numaNodesOf(cpus).toList());
  }
}
