package io.podtopo.domain.node;

import io.podtopo.domain.cpumanager.CpuAllocationError;
import io.podtopo.domain.cpumanager.CpuAllocationResult;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.memorymanager.EmptyPodSharedPoolException;
import io.podtopo.domain.memorymanager.MemoryManagerException;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import io.podtopo.domain.topologymanager.AllocationResult;
import io.podtopo.domain.topologymanager.HintProvider;
import io.podtopo.domain.topologymanager.TopologyAllocator;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The Topology Manager's view of the node: the CPU and Memory Managers of a {@link NodeState} as
 * hint providers, and their allocations in registration order (CPU, then memory; the first error
 * ends the step). Errors become the kubelet's admission results (upstream
 * {@code GetPodAdmitResult}): a typed error gives its type as reason and its text as message, any
 * other error {@code UnexpectedAdmissionError} "Allocate failed due to &lt;err&gt;, which is
 * unexpected". One allocator serves one admission, under its {@link QuirkLog}.
 */
final class NodeAllocator implements TopologyAllocator<NodeState> {

  private final Optional<StaticPolicy> cpuPolicy;
  private final Optional<StaticMemoryPolicy> memoryPolicy;
  private final QuirkLog quirks;

  NodeAllocator(Optional<StaticPolicy> cpuPolicy, Optional<StaticMemoryPolicy> memoryPolicy, QuirkLog quirks) {
    this.cpuPolicy = cpuPolicy;
    this.memoryPolicy = memoryPolicy;
    this.quirks = quirks;
  }

  @Override
  public List<HintProvider> hintProviders(NodeState state) {
    return ManagerHintProviders.of(cpuPolicy, memoryPolicy, state, quirks);
  }

  @Override
  public AllocationResult<NodeState> allocateContainer(NodeState state, Pod pod, Container container,
      TopologyHint hint) {
    return allocate(state,
        policy -> policy.allocate(state.cpu(), pod, container, hint, quirks),
        (policy, memory) -> policy.allocate(memory, pod, container, hint, quirks));
  }

  @Override
  public AllocationResult<NodeState> allocatePod(NodeState state, Pod pod, TopologyHint hint) {
    return allocate(state,
        policy -> policy.allocatePod(state.cpu(), pod, hint, quirks),
        (policy, memory) -> policy.allocatePod(memory, pod, hint, quirks));
  }

  private interface MemoryStep {
    MemoryManagerState apply(StaticMemoryPolicy policy, MemoryManagerState state);
  }

  private AllocationResult<NodeState> allocate(NodeState state, Function<StaticPolicy, CpuAllocationResult> cpuStep,
      MemoryStep memoryStep) {
    CpuManagerState cpu = state.cpu();
    if (cpuPolicy.isPresent()) {
      CpuAllocationResult result = cpuStep.apply(cpuPolicy.get());
      if (result.error().isPresent()) {
        CpuAllocationError error = result.error().get();
        return AllocationResult.failed(AdmissionFailure.of(error.admissionReason(), error.admissionMessage()));
      }
      cpu = result.state();
    }
    MemoryManagerState memory = state.memory();
    if (memoryPolicy.isPresent()) {
      try {
        memory = memoryStep.apply(memoryPolicy.get(), memory);
      } catch (EmptyPodSharedPoolException e) {
        return AllocationResult.failed(AdmissionFailure.of(e.reason(), e.getMessage()));
      } catch (MemoryManagerException e) {
        return AllocationResult.failed(AdmissionFailure.unexpected(e.getMessage()));
      }
    }
    return AllocationResult.allocated(new NodeState.Builder().from(state).cpu(cpu).memory(memory).build());
  }
}
