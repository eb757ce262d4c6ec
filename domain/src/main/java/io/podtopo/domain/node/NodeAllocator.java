package io.podtopo.domain.node;

import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.admission.InsufficientResourceError;
import io.podtopo.domain.cpumanager.CpuAllocationResult;
import io.podtopo.domain.cpumanager.CpuPolicy;
import io.podtopo.domain.devicemanager.DeviceAllocationResult;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.memorymanager.MemoryAllocationResult;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.MemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import io.podtopo.domain.topologymanager.AllocationResult;
import io.podtopo.domain.topologymanager.HintProvider;
import io.podtopo.domain.topologymanager.TopologyAllocator;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.function.Function;

/**
 * The Topology Manager's view of the node: the Device, CPU and Memory Managers of a
 * {@link NodeState} as hint providers, and their allocations in registration order (devices, CPU,
 * then memory; the first refusal ends the step). Each manager refuses with an {@link AdmissionCause}
 * in its result, which the allocator keeps ({@link #refusal()}) and hands the Topology Manager as the
 * kubelet's admission result (upstream {@code GetPodAdmitResult}): a typed error gives its type as
 * reason and its text as message, any other error (every Device Manager error among them)
 * {@code UnexpectedAdmissionError} "Allocate failed due to &lt;err&gt;, which is unexpected". One
 * allocator serves one admission, under its {@link QuirkLog}.
 *
 * <p>The Device Manager's {@code AllocatePod} does nothing upstream; the kubelet gives a pod-level
 * pod's containers their devices when it starts them ({@code GetDeviceRunContainerOptions} calls
 * {@code Allocate} for a container holding none), with the pod hint stored for each. Here that
 * happens at admission, container by container in pod order, after the CPU and memory
 * {@code AllocatePod} (decision D-41). Kubelet v1.37 has admitted the pod without them and its
 * resource-fit predicate, which runs first, refuses it when the healthy devices less those the other
 * pods hold are short of its request ({@link ResourceFit}), even where free devices would serve it; where a
 * restored pod's running container holds devices that are no longer healthy or registered, kubelet
 * v1.37 admits the pod and keeps them; the corrected behaviour reports the Device Manager's error in
 * both cases, and admits a pod its free devices serve (quirk {@code Q-devices-at-container-start}).
 */
final class NodeAllocator implements TopologyAllocator<NodeState> {

  private final DeviceManager deviceManager;
  private final CpuPolicy cpuPolicy;
  private final MemoryPolicy memoryPolicy;
  private final QuirkLog quirks;
  private final Function<DeviceManagerState, Optional<InsufficientResourceError>> predicate;
  private boolean predicateRan;
  private AdmissionCause refusal;

  /**
   * @param predicate the resource-fit predicate of the pod being admitted, given the devices as the
   *     kubelet's predicate handler finds them ({@link ResourceFit})
   */
  NodeAllocator(DeviceManager deviceManager, CpuPolicy cpuPolicy,
      MemoryPolicy memoryPolicy, QuirkLog quirks,
      Function<DeviceManagerState, Optional<InsufficientResourceError>> predicate) {
    this.deviceManager = deviceManager;
    this.cpuPolicy = cpuPolicy;
    this.memoryPolicy = memoryPolicy;
    this.quirks = quirks;
    this.predicate = predicate;
  }

  /**
   * Whether the resource-fit predicate already ran within this admission (in {@link #allocatePod},
   * between the managers' {@code AllocatePod} and the containers' devices); if not, the caller runs it
   * once the Topology Manager admitted the pod.
   */
  boolean predicateRan() {
    return predicateRan;
  }

  /**
   * The cause of the failure this allocator returned, typed, if it returned one: the Topology
   * Manager's scopes pass on its reason and message only ({@link AllocationResult} holds an
   * {@link AdmissionFailure}), and stop at it, so it is the admission's cause.
   */
  Optional<AdmissionCause> refusal() {
    return Optional.ofNullable(refusal);
  }

  @Override
  public List<HintProvider> hintProviders(NodeState state) {
    return ManagerHintProviders.of(deviceManager, cpuPolicy, memoryPolicy, state, quirks);
  }

  @Override
  public AllocationResult<NodeState> allocateContainer(NodeState state, Pod pod, Container container,
      TopologyHint hint) {
    DeviceAllocationResult devices = deviceManager.allocate(state.devices(), pod, container, hint);
    if (devices.error().isPresent()) {
      return refused(state, state, devices.error().get());
    }
    NodeState withDevices = with(state, devices.state());
    return allocate(withDevices,
        policy -> policy.allocate(withDevices.cpu(), pod, container, hint, quirks),
        (policy, memory) -> policy.allocate(memory, pod, container, hint, quirks));
  }

  /**
   * The pod's CPUs and memory, then the resource-fit predicate with the devices as the kubelet's
   * predicate handler finds them (the pod holds none yet, unless it is a restored pod holding them from
   * before), and then the devices its containers get when they start. A shortage of cpu, memory,
   * hugepages or pods refuses the pod; a shortage of devices does in kubelet v1.37 even where free
   * devices would serve it (a restored pod's unhealthy device counts as used, not as allocatable),
   * while in the corrected behaviour the devices are allocated at admission and the predicate, which
   * then finds them held, never refuses for them.
   */
  @Override
  public AllocationResult<NodeState> allocatePod(NodeState state, Pod pod, TopologyHint hint) {
    AllocationResult<NodeState> managers = allocate(state,
        policy -> policy.allocatePod(state.cpu(), pod, hint, quirks),
        (policy, memory) -> policy.allocatePod(memory, pod, hint, quirks));
    if (!managers.succeeded()) {
      return managers;
    }
    predicateRan = true;
    Optional<InsufficientResourceError> shortage = predicate.apply(state.devices());
    if (shortage.isPresent()) {
      if (!deviceManager.isDevicePluginResource(state.devices(), shortage.get().resource())) {
        return refused(state, managers.state(), shortage.get());
      }
      quirks.reached(KubeletQuirk.DEVICES_AT_CONTAINER_START);
      if (quirks.reproducesKubelet(KubeletQuirk.DEVICES_AT_CONTAINER_START)) {
        return refused(state, managers.state(), shortage.get());
      }
    }
    return withPodDevices(state, managers.state(), pod, hint);
  }

  /**
   * The devices of a pod-level pod's containers, at admission in pod order (D-41). A container that
   * already holds every device it asks for is a container of a restored pod, running: kubelet v1.37
   * never allocates it again (its {@code AllocatePod} does nothing and a running container is not
   * started), so devices that have since turned unhealthy or lost their plugin are no error there; the
   * corrected behaviour checks them as {@code devicesToAllocate} does for a container it starts.
   */
  private AllocationResult<NodeState> withPodDevices(NodeState before, NodeState state, Pod pod, TopologyHint hint) {
    DeviceManagerState devices = state.devices();
    for (Container container : pod.initAndAppContainers()) {
      DeviceAllocationResult result = deviceManager.allocate(devices, pod, container, hint);
      if (result.error().isEmpty()) {
        devices = result.state();
        continue;
      }
      if (!holdsItsDevices(devices, pod, container)) {
        return refused(before, state, result.error().get());
      }
      quirks.reached(KubeletQuirk.DEVICES_AT_CONTAINER_START);
      if (!quirks.reproducesKubelet(KubeletQuirk.DEVICES_AT_CONTAINER_START)) {
        return refused(before, state, result.error().get());
      }
    }
    return AllocationResult.allocated(with(state, devices));
  }

  private boolean holdsItsDevices(DeviceManagerState devices, Pod pod, Container container) {
    SortedMap<String, Long> requests = deviceManager.containerRequests(devices, container);
    return !requests.isEmpty() && requests.entrySet().stream().allMatch(request ->
        devices.containerDevices(pod.uid(), container.name(), request.getKey()).size() == request.getValue());
  }

  private static NodeState with(NodeState state, DeviceManagerState devices) {
    return devices.equals(state.devices()) ? state : new NodeState.Builder().from(state).devices(devices).build();
  }

  /**
   * The step fails for {@code cause}, kept as {@link #refusal()}. When a manager allocated before the
   * failure the kubelet rolls nothing back, so {@code residue} is what its managers hold until the
   * stale-state cleanup.
   */
  private AllocationResult<NodeState> refused(NodeState state, NodeState residue, AdmissionCause cause) {
    refusal = cause;
    return residue.equals(state) ? AllocationResult.failed(cause.failure())
        : AllocationResult.failedLeaving(cause.failure(), residue);
  }

  private interface MemoryStep {
    MemoryAllocationResult apply(MemoryPolicy policy, MemoryManagerState state);
  }

  private AllocationResult<NodeState> allocate(NodeState state, Function<CpuPolicy, CpuAllocationResult> cpuStep,
      MemoryStep memoryStep) {
    CpuAllocationResult cpu = cpuStep.apply(cpuPolicy);
    if (cpu.error().isPresent()) {
      return refused(state, state, cpu.error().get());
    }
    NodeState withCpu = new NodeState.Builder().from(state).cpu(cpu.state()).build();
    MemoryAllocationResult memory = memoryStep.apply(memoryPolicy, state.memory());
    if (memory.error().isPresent()) {
      return refused(state, withCpu, memory.error().get());
    }
    return AllocationResult.allocated(new NodeState.Builder().from(withCpu).memory(memory.state()).build());
  }
}
