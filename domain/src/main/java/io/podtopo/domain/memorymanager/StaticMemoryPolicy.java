package io.podtopo.domain.memorymanager;

import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.admission.MemoryManagerError;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodSharedPool;
import io.podtopo.domain.pod.QosClass;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The Memory Manager {@code Static} policy (kubelet-algorithms §3, §4.4; PLRM spec §7), a pure
 * function of a {@link MemoryManagerState}: every operation returns the next state or a result and
 * leaves its input untouched; an allocation that refuses a pod says why in its result
 * ({@link MemoryAllocationResult}), a configuration or restored state it refuses is a
 * {@link MemoryManagerException}.
 *
 * <ul>
 *   <li>{@link #start}: fills an empty state with the default machine state, or checks that the
 *       stored machine state is what the stored entries imply.
 *   <li>{@link #containerHints} / {@link #podHints}: hints for the Topology Manager.
 *   <li>{@link #allocate}: the per-container allocation (legacy pods; container scope).
 *   <li>{@link #allocatePod}: the pod-level allocation of KEP-5526: one pod entry, the machine state
 *       updated once for the budget, and the budget partitioned into container blocks.
 *   <li>{@link #removeContainer}: releases a container's blocks, or a pod entry with its last
 *       container.
 * </ul>
 */
public final class StaticMemoryPolicy implements MemoryPolicy {

  static final String NO_SYSTEM_RESERVED = "[memorymanager] you should specify the system reserved memory";
  static final String EMPTY_MACHINE_STATE =
      "[memorymanager] machine state can not be empty when it has memory assignments";
  static final String STATE_MISMATCH = "[memorymanager] the expected machine state is different from the real one";
  static final String NO_DEFAULT_PREFERRED = "[memorymanager] failed to find the default preferred hint";
  static final String NO_EXTENDED_PREFERRED = "[memorymanager] failed to find the extended preferred hint";
  static final String GROUP_VIOLATION = "[memorymanager] preferred hint violates NUMA node allocation";

  private final List<NumaNode> nodes;
  private final SortedMap<Integer, SortedMap<String, Long>> reservedMemory;
  private final FeatureGates gates;
  private final MemoryRequests requests;

  private StaticMemoryPolicy(List<NumaNode> nodes, SortedMap<Integer, SortedMap<String, Long>> reservedMemory,
      FeatureGates gates) {
    this.nodes = nodes;
    this.reservedMemory = reservedMemory;
    this.gates = gates;
    this.requests = new MemoryRequests(gates);
  }

  /**
   * Upstream {@code NewPolicyStatic}.
   *
   * @param nodes the machine's NUMA nodes with their memory and hugepages (may be empty)
   * @param reservedMemory reserved bytes by NUMA node id and resource ({@code reservedMemory} of the
   *     KubeletConfiguration)
   * @throws MemoryManagerException when no regular memory is reserved on any node
   */
  public static StaticMemoryPolicy create(List<NumaNode> nodes,
      Map<Integer, ? extends Map<String, Long>> reservedMemory, FeatureGates gates) {
    SortedMap<Integer, SortedMap<String, Long>> reserved = new TreeMap<>();
    reservedMemory.forEach((node, byType) -> reserved.put(node, Collections.unmodifiableSortedMap(new TreeMap<>(byType))));
    long total = reserved.values().stream().mapToLong(byType -> byType.getOrDefault(Resources.MEMORY, 0L)).sum();
    if (total <= 0) {
      throw new MemoryManagerException(NO_SYSTEM_RESERVED);
    }
    return new StaticMemoryPolicy(List.copyOf(nodes), Collections.unmodifiableSortedMap(reserved), gates);
  }

  /**
   * Upstream {@code getDefaultMachineState}: per node, one table per hugepage size (total = pages ×
   * size, allocatable = total − reserved) and one for memory (allocatable = node memory − reserved −
   * the node's hugepages); nothing reserved; every node its own group. The state is by node id,
   * whatever order the machine lists its nodes in.
   */
  public MemoryMachineState defaultMachineState() {
    MemoryMachineState.Builder machine = new MemoryMachineState.Builder();
    for (NumaNode node : nodes) {
      NumaNodeState.Builder state = new NumaNodeState.Builder().numberOfAssignments(0).addCell(node.id());
      long hugepages = 0;
      for (Map.Entry<Long, Long> pool : node.hugepages().entrySet()) {
        String type = Resources.hugepageResourceName(pool.getKey());
        long total = pool.getKey() * pool.getValue();
        long reserved = systemReserved(node.id(), type);
        state.putMemoryMap(type, MemoryTable.unused(total, reserved, total - reserved));
        hugepages += total;
      }
      long reserved = systemReserved(node.id(), Resources.MEMORY);
      state.putMemoryMap(Resources.MEMORY,
          MemoryTable.unused(node.memoryBytes(), reserved, node.memoryBytes() - reserved - hugepages));
      machine.putNode(node.id(), state.build());
    }
    return machine.build();
  }

  /** Upstream {@code Name}: {@code Static}. */
  @Override
  public String name() {
    return "Static";
  }

  /**
   * Upstream {@code Start}/{@code validateState}. An empty machine state becomes the default one
   * (refused while container entries exist). Otherwise the machine state the entries imply is
   * recomputed from the default, pod entries counted once per pod (PodLevelResourceManagers on),
   * and compared: totals, system reserved and allocatable per node and type, groups, assignment
   * counts, and free/reserved summed over each node's group. A block of negative size is refused
   * too: upstream's sizes are unsigned, so no kubelet checkpoint holds one.
   *
   * @throws MemoryManagerException with upstream's text when the state is inconsistent (podtopo's for
   *     a negative size)
   */
  @Override
  public MemoryManagerState start(MemoryManagerState state) {
    if (state.machineState().isEmpty()) {
      if (!state.containerEntries().isEmpty()) {
        throw new MemoryManagerException(EMPTY_MACHINE_STATE);
      }
      return new MemoryManagerState.Builder().from(state).machineState(defaultMachineState()).build();
    }
    WorkingMachineState expected = new WorkingMachineState(defaultMachineState());
    boolean podEntriesCount = gates.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS);
    for (Map.Entry<String, SortedMap<String, List<MemoryBlock>>> pod : state.containerEntries().entrySet()) {
      List<MemoryBlock> podBlocks = state.podEntries().getOrDefault(pod.getKey(), List.of());
      if (podEntriesCount && !podBlocks.isEmpty()) {
        reserveExpected(expected, podBlocks, pod.getKey(), "");
        continue;
      }
      pod.getValue().forEach((container, blocks) -> reserveExpected(expected, blocks, pod.getKey(), container));
    }
    if (!MachineStateComparison.equal(state.machineState(), expected.freeze())) {
      throw new MemoryManagerException(STATE_MISMATCH);
    }
    return state;
  }

  private static void reserveExpected(WorkingMachineState expected, List<MemoryBlock> blocks, String pod,
      String container) {
    for (MemoryBlock block : blocks) {
      if (block.size() < 0) {
        throw new MemoryManagerException("[memorymanager] (pod: " + pod + ", container: " + container
            + ") the memory assignment has a negative size");
      }
      for (int node : block.numaAffinity()) {
        if (!expected.hasNode(node)) {
          throw new MemoryManagerException("[memorymanager] (pod: " + pod + ", container: " + container
              + ") the memory assignment uses the NUMA that does not exist");
        }
        if (!expected.hasTable(node, block.type())) {
          throw new MemoryManagerException("[memorymanager] (pod: " + pod + ", container: " + container
              + ") the memory assignment uses memory resource that does not exist");
        }
      }
      expected.reserve(block.numaAffinity(), block.type(), block.size());
    }
  }

  /**
   * Upstream {@code GetTopologyHints} for one container: nil for a non-Guaranteed pod, for a
   * pod-level pod while a KEP-5526 gate is off, and for a container with no exclusive memory (an
   * ineligible container of a pod-level pod, PR 138770); hints regenerated from the container's
   * blocks when it has some; else the calculated hints.
   *
   * <p>Under {@code quirks}' behaviour
   * ({@link KubeletQuirk#MEMORY_MISSING_TABLE}).
   */
  @Override
  public MemoryHints containerHints(MemoryManagerState state, Pod pod, Container container, QuirkLog quirks) {
    if (!guaranteed(pod)) {
      return MemoryHints.noPreference();
    }
    SortedMap<String, Long> request;
    try {
      request = requests.container(pod, container);
    } catch (MemoryManagerException e) {
      return MemoryHints.noPreference();
    }
    if (pod.podLevelUnmanaged(gates) || request.isEmpty()) {
      return MemoryHints.noPreference();
    }
    Optional<List<MemoryBlock>> blocks = state.containerBlocks(pod.uid(), container.name());
    if (blocks.isPresent()) {
      return MemoryHintCalculator.regenerate(blocks.get(), request);
    }
    return MemoryHints.ofResourceHints(new MemoryHintCalculator(state.machineState(), quirks)
        .calculatePacked(request, state.reusableInitMemory(), pod.uid()));
  }

  /**
   * Upstream {@code GetPodTopologyHints}: nil for a non-Guaranteed pod or while a KEP-5526 gate is
   * off for a pod-level pod; for a pod-level pod failing {@link #validatePodScopeResources} an empty
   * list per budget type; nil for no memory at all; as kubelet v1.37 does, hints regenerated from the
   * first container with blocks (nil when they are not the whole request); else the hints calculated
   * for the pod total (the budget, or the legacy init/app/sidecar formula).
   *
   * <p>Under {@code quirks}' behaviour. Corrected, a
   * pod-level pod's hints are regenerated from its pod entry when it has one (the fix of issue
   * 141069; {@link KubeletQuirk#MEMORY_RESTART_REAPPLIES}).
   */
  @Override
  public MemoryHints podHints(MemoryManagerState state, Pod pod, QuirkLog quirks) {
    if (!guaranteed(pod)) {
      return MemoryHints.noPreference();
    }
    SortedMap<String, Long> request;
    try {
      request = requests.pod(pod);
    } catch (MemoryManagerException e) {
      return MemoryHints.noPreference();
    }
    if (pod.podLevelUnmanaged(gates)) {
      return MemoryHints.noPreference();
    }
    if (pod.managedAtPodLevel(gates) && podScopeError(pod).isPresent()) {
      SortedMap<String, List<TopologyHint>> unsatisfiable = new TreeMap<>();
      request.keySet().forEach(type -> unsatisfiable.put(type, List.of()));
      return MemoryHints.of(unsatisfiable);
    }
    if (request.isEmpty()) {
      return MemoryHints.noPreference();
    }
    Optional<List<MemoryBlock>> podBlocks = state.podBlocks(pod.uid());
    if (pod.managedAtPodLevel(gates) && podBlocks.isPresent()) {
      quirks.reached(KubeletQuirk.MEMORY_RESTART_REAPPLIES);
      if (!quirks.reproducesKubelet(KubeletQuirk.MEMORY_RESTART_REAPPLIES)) {
        return MemoryHintCalculator.regenerate(podBlocks.get(), request);
      }
    }
    for (Container container : pod.initAndAppContainers()) {
      Optional<List<MemoryBlock>> blocks = state.containerBlocks(pod.uid(), container.name());
      if (blocks.isPresent()) {
        return MemoryHintCalculator.regenerate(blocks.get(), request);
      }
    }
    return MemoryHints.ofResourceHints(new MemoryHintCalculator(state.machineState(), quirks)
        .calculatePacked(request, ReusableInitMemory.none(), pod.uid()));
  }

  /**
   * The memory (and hugepages) {@code pod} asks for in pod scope, per type in bytes, as its hints and
   * allocation read it: a pod-level pod's budget, else upstream's aggregate of its containers.
   *
   * @throws MemoryManagerException when a request is not a whole number of bytes within int64
   */
  public SortedMap<String, Long> podRequests(Pod pod) {
    return requests.pod(pod);
  }

  /**
   * The memory (and hugepages) {@code container} asks for exclusively, per type in bytes; empty for
   * a container of a pod-level pod's shared pool.
   *
   * @throws MemoryManagerException when a request is not a whole number of bytes within int64
   */
  public SortedMap<String, Long> containerRequests(Pod pod, Container container) {
    return requests.container(pod, container);
  }

  /**
   * The pod shared pool of memory and each hugepage size of a pod-level pod: its budget
   * ({@link #podRequests}), each container's exclusive memory ({@link #containerRequests}).
   *
   * @throws MemoryManagerException when the budget is not a whole number of bytes within int64 (a
   *     container's request that is not, when the walk reaches it)
   */
  public PodSharedPool podSharedPool(Pod pod) {
    return new PodScopeValidation(requests).pool(pod);
  }

  /**
   * Upstream memory {@code validatePodScopeResources} for a pod-level pod (PLRM spec §6.3): the error
   * with upstream's text when a shared container would get no memory of some type, or a standard init
   * container does not fit (or, as upstream, the text of a request that is not a whole number of
   * bytes).
   */
  public Optional<EmptyPodSharedPoolError> validatePodScopeResources(Pod pod) {
    return podScopeError(pod).map(EmptyPodSharedPoolError::of);
  }

  private Optional<String> podScopeError(Pod pod) {
    try {
      return new PodScopeValidation(requests).check(pod);
    } catch (MemoryManagerException e) {
      return Optional.of(e.getMessage());
    }
  }

  /**
   * Upstream {@code Allocate} for one container with the Topology Manager's hint for it. A
   * non-Guaranteed pod, a pod-level pod while a KEP-5526 gate is off, and a container without
   * exclusive memory (PR 138770) get nothing; a container with blocks keeps them. Otherwise: a hint
   * without affinity is replaced by the best calculated hint, a hint whose nodes lack free memory is
   * extended to the best calculated hint containing it, a mask breaking the group rules is refused,
   * and one block per requested type is recorded; the machine state reserves each block minus the
   * pod's reusable init-container memory, and earlier standard init containers' blocks shrink by
   * what was reused.
   *
   * <p>Under {@code quirks}' behaviour
   * ({@link KubeletQuirk#MEMORY_SINGLE_NODE_IN_GROUP}, {@link KubeletQuirk#MEMORY_MISSING_TABLE}).
   *
   * <p>Refused with a {@link MemoryManagerError} of upstream's text when no NUMA affinity can be found.
   */
  @Override
  public MemoryAllocationResult allocate(MemoryManagerState state, Pod pod, Container container, TopologyHint hint,
      QuirkLog quirks) {
    return refusingUntyped(state,
        () -> MemoryAllocationResult.success(allocateContainer(state, pod, container, hint, quirks)));
  }

  /**
   * What an allocation answers, or, when one of its steps throws upstream's untyped error, that error
   * as the cause that refuses the pod, the state unchanged.
   */
  private static MemoryAllocationResult refusingUntyped(MemoryManagerState state,
      Supplier<MemoryAllocationResult> allocation) {
    try {
      return allocation.get();
    } catch (MemoryManagerException e) {
      return MemoryAllocationResult.failure(state, MemoryManagerError.of(e.getMessage()));
    }
  }

  /** {@link #allocate}, its steps throwing upstream's untyped errors. */
  private MemoryManagerState allocateContainer(MemoryManagerState state, Pod pod, Container container,
      TopologyHint hint, QuirkLog quirks) {
    if (!guaranteed(pod) || pod.podLevelUnmanaged(gates)) {
      return state;
    }
    Optional<List<MemoryBlock>> existing = state.containerBlocks(pod.uid(), container.name());
    if (existing.isPresent()) {
      return new MemoryManagerState.Builder().from(state)
          .reusableInitMemory(state.reusableInitMemory().afterAllocation(pod, container, existing.get()))
          .build();
    }
    SortedMap<String, Long> request = requests.container(pod, container);
    if (request.isEmpty()) {
      return state;
    }
    ReusableInitMemory reusable = state.reusableInitMemory();
    NumaMask mask = affinityFor(state.machineState(), request, reusable, pod.uid(), hint, quirks);
    WorkingMachineState machine = new WorkingMachineState(state.machineState());
    List<MemoryBlock> blocks = new ArrayList<>();
    request.forEach((type, size) -> {
      blocks.add(MemoryBlock.of(mask, type, size));
      machine.reserve(mask.nodes(), type, Math.max(0, size - reusable.of(pod.uid(), mask, type)));
    });
    MemoryManagerState next = new MemoryManagerState.Builder().from(state)
        .machineState(machine.freeze())
        .reusableInitMemory(reusable.afterAllocation(pod, container, blocks))
        .build()
        .withContainerBlocks(pod.uid(), container.name(), blocks);
    return shrinkReusedInitBlocks(next, pod, container, blocks);
  }

  /**
   * The NUMA mask for a request: the hint's, else the default one; extended when its free memory is
   * short; refused when it breaks the group rules (kubelet v1.37 lets one node of a multi-node group
   * through, {@link KubeletQuirk#MEMORY_SINGLE_NODE_IN_GROUP}).
   */
  private static NumaMask affinityFor(MemoryMachineState machine, SortedMap<String, Long> request,
      ReusableInitMemory reusable, String podUid, TopologyHint hint, QuirkLog quirks) {
    MemoryHintCalculator calculator = new MemoryHintCalculator(machine, quirks);
    TopologyHint best = hint;
    if (hint.affinity().isEmpty()) {
      TopologyHint defaultHint = calculator.defaultHint(request, reusable, podUid);
      if (!defaultHint.preferred() && hint.preferred()) {
        throw new MemoryManagerException(NO_DEFAULT_PREFERRED);
      }
      best = defaultHint;
    }
    NumaMask mask = best.affinity().orElse(NumaMask.empty());
    if (!calculator.satisfies(mask, request)) {
      TopologyHint extended = calculator.extendedHint(request, reusable, podUid, mask);
      if (!extended.preferred() && best.preferred()) {
        throw new MemoryManagerException(NO_EXTENDED_PREFERRED);
      }
      mask = extended.affinity().orElseThrow();
    }
    boolean violates = calculator.violatesGroups(mask, false);
    if (violates != calculator.violatesGroups(mask, true)) {
      quirks.reached(KubeletQuirk.MEMORY_SINGLE_NODE_IN_GROUP);
      violates = !quirks.reproducesKubelet(KubeletQuirk.MEMORY_SINGLE_NODE_IN_GROUP);
    }
    if (violates) {
      throw new MemoryManagerException(GROUP_VIOLATION);
    }
    return mask;
  }

  /**
   * Upstream {@code updateInitContainersMemoryBlocks}: the standard init containers declared before
   * {@code container} give up, block by block of the same type and mask, the memory it reused, so
   * that the container blocks of a pod sum to what the pod holds.
   */
  private static MemoryManagerState shrinkReusedInitBlocks(MemoryManagerState state, Pod pod, Container container,
      List<MemoryBlock> containerBlocks) {
    MemoryManagerState next = state;
    for (MemoryBlock containerBlock : containerBlocks) {
      long left = containerBlock.size();
      for (Container init : pod.initContainers()) {
        if (init.name().equals(container.name()) || left == 0) {
          break;
        }
        if (init.restartable()) {
          continue;
        }
        List<MemoryBlock> initBlocks = next.containerBlocks(pod.uid(), init.name()).orElse(List.of());
        if (initBlocks.isEmpty()) {
          continue;
        }
        List<MemoryBlock> shrunk = new ArrayList<>();
        for (MemoryBlock initBlock : initBlocks) {
          if (initBlock.size() == 0 || !initBlock.type().equals(containerBlock.type())
              || !initBlock.mask().equals(containerBlock.mask())) {
            shrunk.add(initBlock);
            continue;
          }
          long reused = Math.min(initBlock.size(), left);
          left -= reused;
          shrunk.add(MemoryBlock.of(initBlock.numaAffinity(), initBlock.type(), initBlock.size() - reused));
        }
        next = next.withContainerBlocks(pod.uid(), init.name(), shrunk);
      }
    }
    return next;
  }

  /**
   * Upstream memory {@code AllocatePod} for a pod-level pod (PodLevelResourceManagers on, pod-level
   * resources set; PLRM spec §7.3), with the Topology Manager's hint for the pod (stored under its
   * first container). A non-Guaranteed pod, a pod whose budget cannot be read as bytes and a pod the
   * KEP-5526 path does not apply to are left alone. The pod is validated
   * ({@link #validatePodScopeResources}); the mask is chosen as for {@link #allocate}; the pod entry
   * holds one block per budget type; the machine state reserves the budget once; every init and app
   * container gets its partition blocks.
   *
   * <p>As kubelet v1.37 does, what the state already holds for the pod is not looked at: the budget
   * is reserved again and every entry written again ({@link KubeletQuirk#MEMORY_RESTART_REAPPLIES}).
   *
   * <p>Under {@code quirks}' behaviour.
   *
   * <p>Corrected, the restore of issue 140906: a pod whose pod entry and every container entry exist
   * is left unchanged; with a pod entry and only some container entries the missing ones are computed
   * from the pod entry's mask without reserving again. A pod entry without any container entry is not
   * a complete allocation ({@code start} does not count it in the machine state): it is replaced by a
   * fresh allocation (decision D-12).
   *
   * <p>Refused with an {@link EmptyPodSharedPoolError} when the partition would leave a shared container
   * without memory, with a {@link MemoryManagerError} of upstream's text when no NUMA affinity can be
   * found.
   */
  @Override
  public MemoryAllocationResult allocatePod(MemoryManagerState state, Pod pod, TopologyHint hint, QuirkLog quirks) {
    return refusingUntyped(state, () -> allocateWholePod(state, pod, hint, quirks));
  }

  /** {@link #allocatePod}, its steps throwing upstream's untyped errors. */
  private MemoryAllocationResult allocateWholePod(MemoryManagerState state, Pod pod, TopologyHint hint,
      QuirkLog quirks) {
    if (!guaranteed(pod) || !pod.managedAtPodLevel(gates)) {
      return MemoryAllocationResult.success(state);
    }
    SortedMap<String, Long> budget;
    try {
      budget = requests.pod(pod);
    } catch (MemoryManagerException e) {
      return MemoryAllocationResult.success(state);
    }
    Optional<List<MemoryBlock>> restored = state.podBlocks(pod.uid());
    SortedMap<String, List<MemoryBlock>> restoredContainers = state.containersOf(pod.uid());
    boolean overwrite = true;
    if (restored.isPresent() || !restoredContainers.isEmpty()) {
      quirks.reached(KubeletQuirk.MEMORY_RESTART_REAPPLIES);
      overwrite = quirks.reproducesKubelet(KubeletQuirk.MEMORY_RESTART_REAPPLIES);
    }
    if (!overwrite && restored.isPresent() && !restored.get().isEmpty() && !restoredContainers.isEmpty()) {
      return MemoryAllocationResult.success(completeRestoredPod(state, pod, restored.get().get(0).mask(), budget));
    }
    Optional<EmptyPodSharedPoolError> emptyPool = validatePodScopeResources(pod);
    if (emptyPool.isPresent()) {
      return MemoryAllocationResult.failure(state, emptyPool.get());
    }
    NumaMask mask = affinityFor(state.machineState(), budget, ReusableInitMemory.none(), pod.uid(), hint, quirks);
    Map<String, List<MemoryBlock>> partition = new PodMemoryPartition(requests).blocks(pod, mask, budget);
    WorkingMachineState machine = new WorkingMachineState(state.machineState());
    budget.forEach((type, size) -> machine.reserve(mask.nodes(), type, size));
    List<MemoryBlock> podBlocks = new ArrayList<>();
    budget.forEach((type, size) -> podBlocks.add(MemoryBlock.of(mask, type, size)));
    MemoryManagerState next = new MemoryManagerState.Builder().from(overwrite ? state : state.withoutPod(pod.uid()))
        .machineState(machine.freeze())
        .build()
        .withPodBlocks(pod.uid(), podBlocks);
    for (Map.Entry<String, List<MemoryBlock>> entry : partition.entrySet()) {
      next = next.withContainerBlocks(pod.uid(), entry.getKey(), entry.getValue());
    }
    return MemoryAllocationResult.success(next);
  }

  private MemoryManagerState completeRestoredPod(MemoryManagerState state, Pod pod, NumaMask mask,
      SortedMap<String, Long> budget) {
    Map<String, List<MemoryBlock>> partition = new PodMemoryPartition(requests).blocks(pod, mask, budget);
    MemoryManagerState next = state;
    for (Map.Entry<String, List<MemoryBlock>> entry : partition.entrySet()) {
      if (state.containerBlocks(pod.uid(), entry.getKey()).isEmpty()) {
        next = next.withContainerBlocks(pod.uid(), entry.getKey(), entry.getValue());
      }
    }
    return next;
  }

  /**
   * Upstream {@code RemoveContainer}. With PodLevelResourceManagers on and a pod entry: the container
   * entry goes, and the pod entry's blocks are released once, with the pod's last container entry.
   * Otherwise the container's own blocks are released. Unknown containers change nothing.
   *
   * <p>A pod entry without any container entry holds no reservation ({@code start} does not count
   * it; issue 141993): it is dropped without releasing anything, where upstream would release it.
   */
  @Override
  public MemoryManagerState removeContainer(MemoryManagerState state, String podUid, String containerName) {
    Optional<List<MemoryBlock>> podBlocks = state.podBlocks(podUid);
    if (gates.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS) && podBlocks.isPresent()) {
      if (state.containersOf(podUid).isEmpty()) {
        return state.withoutPod(podUid);
      }
      MemoryManagerState next = state.withoutContainer(podUid, containerName);
      if (!next.containersOf(podUid).isEmpty()) {
        return next;
      }
      return release(next, podBlocks.get()).withoutPod(podUid);
    }
    Optional<List<MemoryBlock>> blocks = state.containerBlocks(podUid, containerName);
    if (blocks.isEmpty()) {
      return state;
    }
    return release(state.withoutContainer(podUid, containerName), blocks.get());
  }

  private static MemoryManagerState release(MemoryManagerState state, List<MemoryBlock> blocks) {
    WorkingMachineState machine = new WorkingMachineState(state.machineState());
    blocks.forEach(machine::release);
    return new MemoryManagerState.Builder().from(state).machineState(machine.freeze()).build();
  }

  /**
   * Upstream {@code GetAllocatableMemory}: one single-node block per node and type with allocatable
   * memory, by node id then type.
   */
  @Override
  public List<MemoryBlock> allocatableMemory(MemoryManagerState state) {
    List<MemoryBlock> blocks = new ArrayList<>();
    state.machineState().nodes().forEach((node, nodeState) -> nodeState.memoryMap().forEach((type, table) -> {
      if (table.allocatable() != 0) {
        blocks.add(MemoryBlock.of(List.of(node), type, table.allocatable()));
      }
    }));
    return List.copyOf(blocks);
  }

  private boolean guaranteed(Pod pod) {
    return pod.qosClass(gates) == QosClass.GUARANTEED;
  }

  private long systemReserved(int node, String type) {
    SortedMap<String, Long> byType = reservedMemory.get(node);
    return byType == null ? 0 : byType.getOrDefault(type, 0L);
  }
}
