package io.podtopo.domain.node;

import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.admission.PodLevelResourcesValidationError;
import io.podtopo.domain.admission.TopologyAffinityError;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.CpuPolicy;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.cpumanager.StaticPolicyException;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.devicemanager.ReusableDevices;
import io.podtopo.domain.memorymanager.MemoryManagerException;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.MemoryPolicy;
import io.podtopo.domain.memorymanager.ReusableInitMemory;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.KubeletGivesNoAnswer;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import io.podtopo.domain.topologymanager.ScopeAdmission;
import io.podtopo.domain.topologymanager.TopologyAdmission;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.domain.topologymanager.TopologyPolicy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The node's resource managers (Topology Manager, Device Manager, CPU Manager, Memory Manager)
 * configured for one machine, as pure functions of a {@link NodeState}:
 *
 * <ul>
 *   <li>{@link #create}: the kubelet's start-up validation of the configuration;
 *   <li>{@link #initialState} / {@link #start}: a fresh state, or a restored one validated;
 *   <li>{@link #admit}: hints, merge, policy decision and allocations for one pod, with a trace;
 *       a rejected pod leaves the state exactly as it was;
 *   <li>{@link #removeContainer} / {@link #removePod}: releases, the bubble and pod memory with the
 *       pod's last container, the devices with the pod;
 *   <li>{@link #podResources} / {@link #allocatable}: the PodResources v1 views.
 * </ul>
 *
 * <p>Instances are immutable and hold no state of their own. See {@code docs/spec/node-admission.md}.
 */
public final class NodeResourceManagers {

  private final NodeConfig config;
  private final Machine machine;
  private final CpuPolicy cpuPolicy;
  private final MemoryPolicy memoryPolicy;
  private final DeviceManager deviceManager;
  private final TopologyAdmission topologyAdmission;
  private final PodLevelResourcesValidation validation;
  private final AssignmentReport report;
  private final PodResourcesReport podResourcesReport;
  private final ResourceFit resourceFit;

  private NodeResourceManagers(NodeConfig config, Machine machine, CpuPolicy cpuPolicy,
      MemoryPolicy memoryPolicy, TopologyAdmission topologyAdmission) {
    this.config = config;
    this.machine = machine;
    this.cpuPolicy = cpuPolicy;
    this.memoryPolicy = memoryPolicy;
    this.deviceManager = DeviceManager.forMachine(machine);
    this.topologyAdmission = topologyAdmission;
    this.validation = new PodLevelResourcesValidation(config.featureGates(),
        cpuPolicy instanceof StaticPolicy || memoryPolicy instanceof StaticMemoryPolicy);
    this.report = new AssignmentReport(deviceManager, cpuPolicy);
    this.podResourcesReport = new PodResourcesReport(report, config.featureGates());
    this.resourceFit = new ResourceFit(NodeAllocatable.of(machine, config), config.featureGates(), deviceManager);
  }

  /**
   * Checks {@code config} against {@code machine} as the kubelet does when it starts: the feature
   * gates its gate registry refuses ({@link io.podtopo.domain.gates.FeatureGates#kubeletRefusal}),
   * the Topology Manager policy options and the NUMA node limit, the CPU Manager policy, its options and
   * the reserved CPUs, the Memory Manager's reserved memory.
   *
   * @throws InvalidNodeConfigException naming the first field at fault
   */
  public static NodeResourceManagers create(NodeConfig config, Machine machine) {
    config.featureGates().kubeletRefusal().ifPresent(refusal -> {
      throw new InvalidNodeConfigException("featureGates", refusal);
    });
    TopologyPolicy topologyPolicy = ManagerFactory.topologyPolicy(config, machine);
    CpuPolicy cpuPolicy = ManagerFactory.cpuPolicy(config, machine);
    MemoryPolicy memoryPolicy = ManagerFactory.memoryPolicy(config, machine);
    TopologyAdmission admission =
        TopologyAdmission.of(topologyPolicy, config.topologyManagerScope(), config.featureGates());
    return new NodeResourceManagers(config, machine, cpuPolicy, memoryPolicy, admission);
  }

  public NodeConfig config() {
    return config;
  }

  public Machine machine() {
    return machine;
  }

  /** The CPU Manager static policy; empty under policy {@code none}. */
  public CpuPolicy cpuPolicy() {
    return cpuPolicy;
  }

  /** The Memory Manager Static policy; empty under policy {@code None}. */
  public MemoryPolicy memoryPolicy() {
    return memoryPolicy;
  }

  /** The Device Manager of the machine's devices (none on a machine without devices). */
  public DeviceManager deviceManager() {
    return deviceManager;
  }

  /** The state of a node that has admitted nothing: {@link #start} of the empty state. */
  public NodeState initialState() {
    return start(NodeState.empty());
  }

  /**
   * Upstream {@code Start} of both managers: an empty manager state is initialised, a restored one
   * is validated ({@code validateState}) and returned unchanged but for what the kubelet keeps only
   * in memory: the Topology Manager's stored hints and the containers it saw start are gone (a new
   * Topology Manager starts with empty maps, {@code topologymanager/scope.go}), so a restored pod
   * has no stored hint until it is admitted again (NA-2).
   *
   * @throws InvalidNodeStateException when a manager refuses the restored state
   */
  public NodeState start(NodeState restored) {
    CpuManagerState cpu = restored.cpu();
    MemoryManagerState memory = restored.memory();
    try {
      cpu = cpuPolicy.start(cpu);
    } catch (StaticPolicyException e) {
      throw new InvalidNodeStateException("cpu manager", e.getMessage());
    }
    try {
      memory = memoryPolicy.start(memory);
    } catch (MemoryManagerException e) {
      throw new InvalidNodeStateException("memory manager", e.getMessage());
    }
    return new NodeState.Builder().from(restored).cpu(cpu).memory(memory)
        .topologyHints(TrackedSortedMap.empty()).startedContainers(TrackedSortedMap.empty()).build();
  }

  /**
   * Admits {@code pod} on {@code state} (spec {@code docs/spec/node-admission.md}):
   *
   * <ol>
   *   <li>a pod-level pod the managers cannot partition is rejected with
   *       {@code PodLevelResourcesValidationError} (decisions Q3, Q4);
   *   <li>the Topology Manager's scope asks the hint providers (devices, CPU, then memory), merges
   *       their hints under the policy, and calls the managers' {@code Allocate} per container or
   *       {@code AllocatePod} once (pod scope, pod-level resources), in that order;
   *   <li>a rejection or allocation error returns the input state exactly (decision Q13: nothing
   *       of the pod survives, not even the containers allocated before the failure);
   *   <li>the kubelet's resource-fit predicate ({@link ResourceFit}) then weighs the pod's requests
   *       against the node's allocatable less what {@code otherPods} (the other active pods) request;
   *       a shortage refuses the pod as {@code OutOf<resource>} (for a pod-level pod in pod scope it
   *       runs between the managers' {@code AllocatePod} and its containers' devices, D-41);
   *   <li>when admitted, the stored hints are recorded, the per-admission reuse bookkeeping of
   *       both managers is dropped (it is never checkpointed), and the pod's assignment is read
   *       from the new state.
   * </ol>
   *
   * <p>Every {@link KubeletQuirk} behaves as the configuration's
   * {@link NodeConfig#behaviour() behaviour} says (ADR 0008). Where kubelet v1.37 would never finish
   * or would crash and its behaviour is asked for, the admission has {@link Admission#noAnswer() no
   * answer} and the state is unchanged. When the admission reached a quirk where the two behaviours
   * could differ, it is run again with that quirk's behaviour switched, and the quirk is named in
   * {@link Admission#quirks()} only if the decision changes (where no single switch changes it but
   * switching every quirk does, all the quirks reached are named).
   *
   * <p>Under the corrected behaviour, admitting a pod whose complete allocation is already in the
   * state changes nothing (invariant 24): the managers restore what they find.
   */
  public Admission admit(NodeState state, Pod pod, List<Pod> otherPods) {
    QuirkLog quirks = QuirkLog.of(config.behaviour());
    Admission decided = decide(state, pod, otherPods, quirks).withBehaviour(config.behaviour());
    List<KubeletQuirk> reached = quirks.reachedQuirks();
    if (reached.isEmpty()) {
      return decided;
    }
    List<KubeletQuirk> changing = new ArrayList<>();
    for (KubeletQuirk quirk : reached) {
      if (!decided.decidesAlike(decide(state, pod, otherPods, quirks.switching(quirk)))) {
        changing.add(quirk);
      }
    }
    if (changing.isEmpty()
        && !decided.decidesAlike(decide(state, pod, otherPods, QuirkLog.of(config.behaviour().other())))) {
      changing.addAll(reached);
    }
    return decided.namingQuirks(changing);
  }

  /**
   * {@link #admit(NodeState, Pod, List)} on a node where no other pod is active, or where what the other
   * pods request does not matter: the resource-fit predicate counts none of them.
   */
  public Admission admit(NodeState state, Pod pod) {
    return admit(state, pod, List.of());
  }

  /** One admission under {@code quirks}, recording in it the quirks reached. */
  private Admission decide(NodeState state, Pod pod, List<Pod> otherPods, QuirkLog quirks) {
    Optional<PodLevelResourcesValidationError> invalid = validation.check(pod);
    if (invalid.isPresent()) {
      return Admission.rejected(state, invalid.get(), new AdmissionTrace.Builder().build());
    }
    ScopeAdmission<NodeState> result;
    NodeAllocator allocator;
    try {
      allocator = new NodeAllocator(deviceManager, cpuPolicy, memoryPolicy, quirks,
          devices -> resourceFit.refusal(pod, otherPods, devices));
      result = topologyAdmission.admit(pod, state, allocator);
    } catch (KubeletGivesNoAnswer e) {
      return Admission.withoutAnswer(state, e.quirk());
    }
    AdmissionTrace.Builder trace = new AdmissionTrace.Builder().merges(result.trace());
    Optional<AdmissionCause> cause = result.failure().map(failure -> causeOf(failure, allocator));
    if (result.admitted() && !allocator.predicateRan()) {
      cause = resourceFit.refusal(pod, otherPods, result.state().devices()).map(AdmissionCause.class::cast);
    }
    if (cause.isPresent()) {
      NodeState left = state;
      if (!result.admitted() && !allocations(result.state().cpu()).equals(allocations(state.cpu()))) {
        left = afterFailedReallocation(state, result.state(), pod, quirks);
      }
      left = withMemoryAfterCleanup(left, result.state(), pod, quirks);
      if (!result.affinities().isEmpty()) {
        quirks.reached(KubeletQuirk.STALE_TOPOLOGY_HINTS);
        if (quirks.reproducesKubelet(KubeletQuirk.STALE_TOPOLOGY_HINTS)) {
          left = withStoredHints(left, pod.uid(), result.affinities());
        }
      }
      return Admission.rejected(left, cause.get(), trace.build());
    }
    NodeState next = withStoredHints(withoutReuseBookkeeping(result.state()), pod.uid(), result.affinities());
    PodAssignment assignment = report.assignment(next, pod, numaAffinity(result.affinities()));
    return Admission.admitted(next, assignment, trace.steps(report.steps(next, pod)).build());
  }

  /**
   * The cause of the Topology Manager's failure: the allocator's refusal, typed, or else its own, a
   * merge that admitted no hint.
   */
  private static AdmissionCause causeOf(AdmissionFailure failure, NodeAllocator allocator) {
    return allocator.refusal().orElseGet(() -> TopologyAffinityError.of(failure.message()));
  }

  /**
   * A re-admitted pod-level pod whose {@code AllocatePod} took a new bubble (quirk
   * {@code Q-cpu-restart-reallocates}) and whose admission a later manager then refused: the kubelet
   * rolls nothing back, so the CPU Manager keeps the new bubble and entries, the old bubble out of the
   * default set and held by no entry; the stale-state cleanup that follows (the pod is no longer active,
   * {@link #removePod}) releases the new bubble and the old one leaks (found by {@code podtopo conformance
   * differential}). The corrected behaviour never takes the new bubble, so nothing is left behind.
   */
  private NodeState afterFailedReallocation(NodeState before, NodeState residue, Pod pod, QuirkLog quirks) {
    if (before.cpu().podCpus(pod.uid()).isEmpty()) {
      return before; // a pod admitted for the first time: the cleanup drops all it took
    }
    quirks.reached(KubeletQuirk.CPU_RESTART_REALLOCATES);
    return quirks.reproducesKubelet(KubeletQuirk.CPU_RESTART_REALLOCATES)
        ? new NodeState.Builder().from(before).cpu(residue.cpu()).build() : before;
  }

  /**
   * A pod admitted for the first time and refused after the Memory Manager allocated it (a later
   * container, manager or the resource-fit predicate refused it): the kubelet rolls nothing back, and
   * the stale-state cleanup that follows releases its blocks as {@code RemoveContainer} does, which
   * resets a node's cells only when its last assignment goes. Where the allocation broke a group (quirk
   * {@link KubeletQuirk#MEMORY_SINGLE_NODE_IN_GROUP}, the only allocation the release does not undo),
   * the node stays out of its group (found by {@code podtopo conformance differential}, seed 2, scenario
   * 344). The corrected behaviour never breaks the group, so the state is returned unchanged.
   */
  private NodeState withMemoryAfterCleanup(NodeState left, NodeState residue, Pod pod, QuirkLog quirks) {
    if (holdsMemory(left, pod) || !holdsMemory(residue, pod)) {
      return left; // nothing of a first-time pod was allocated, or a restored pod keeps its blocks
    }
    MemoryManagerState cleaned = removePod(residue, pod).memory();
    if (cleaned.machineState().equals(left.memory().machineState())) {
      return left;
    }
    quirks.reached(KubeletQuirk.MEMORY_SINGLE_NODE_IN_GROUP);
    return quirks.reproducesKubelet(KubeletQuirk.MEMORY_SINGLE_NODE_IN_GROUP)
        ? new NodeState.Builder().from(left).memory(new MemoryManagerState.Builder().from(left.memory())
            .machineState(cleaned.machineState()).build()).build()
        : left;
  }

  private static boolean holdsMemory(NodeState state, Pod pod) {
    return !state.memory().containersOf(pod.uid()).isEmpty() || state.memory().podBlocks(pod.uid()).isPresent();
  }

  /** The CPU Manager's state without the per-admission reuse bookkeeping (never checkpointed). */
  private static CpuManagerState allocations(CpuManagerState cpu) {
    return cpu.withoutReusableCpus();
  }

  private static NodeState withoutReuseBookkeeping(NodeState state) {
    return new NodeState.Builder().from(state)
        .cpu(allocations(state.cpu()))
        .memory(new MemoryManagerState.Builder().from(state.memory()).reusableInitMemory(ReusableInitMemory.none())
            .build())
        .devices(state.devices().withReusable(ReusableDevices.none()))
        .build();
  }

  /** The scope's {@code setTopologyHints} for each container: a container's earlier hint is replaced. */
  private static NodeState withStoredHints(NodeState state, String podUid, Map<String, TopologyHint> affinities) {
    if (affinities.isEmpty()) {
      return state;
    }
    SortedMap<String, TopologyHint> podHints = new TreeMap<>(state.topologyHints().getOrDefault(podUid, new TreeMap<>()));
    podHints.putAll(affinities);
    return new NodeState.Builder().from(state)
        .topologyHints(state.topologyHints().with(podUid, Collections.unmodifiableSortedMap(podHints))).build();
  }

  /** The pod's NUMA affinity: the union of the masks of the stored hints (one hint in pod scope). */
  private static Optional<NumaMask> numaAffinity(Map<String, TopologyHint> affinities) {
    TreeSet<Integer> nodes = new TreeSet<>();
    affinities.values().forEach(hint -> hint.affinity().ifPresent(mask -> nodes.addAll(mask.nodes())));
    return nodes.isEmpty() ? Optional.empty() : Optional.of(NumaMask.of(nodes));
  }

  /**
   * The pod's containers start, as the kubelet's internal container lifecycle starts them after an
   * admission ({@code PreStartContainer}, NA-20): the Memory Manager's {@code AddContainer} drops
   * the entry of every standard (non-restartable) init container declared before the container it
   * adds, so once the app containers run no standard init container holds memory; the CPU Manager's
   * {@code AddContainer} changes no entry. Kubelet v1.37.2 {@code memorymanager/memory_manager.go}
   * {@code AddContainer}.
   */
  public NodeState startContainers(NodeState state, Pod pod) {
    MemoryManagerState memory = state.memory();
    for (Container init : pod.initContainers()) {
      if (!init.restartable() && memory.containersOf(pod.uid()).containsKey(init.name())) {
        memory = memoryPolicy.removeContainer(memory, pod.uid(), init.name());
      }
    }
    TrackedSortedMap<String, SortedSet<String>> started = state.startedContainers();
    SortedSet<String> names = new TreeSet<>(started.getOrDefault(pod.uid(), new TreeSet<>()));
    pod.initAndAppContainers().forEach(container -> names.add(container.name()));
    pod.ephemeralContainers().forEach(container -> names.add(container.name()));
    if (!names.isEmpty()) {
      started = started.with(pod.uid(), Collections.unmodifiableSortedSet(names));
    }
    return new NodeState.Builder().from(state).memory(memory).startedContainers(started).build();
  }

  /**
   * A container exited and was removed, as the kubelet handles it (NA-21): its internal container
   * lifecycle's {@code PostStopContainer} calls only the Topology Manager's {@code RemoveContainer},
   * which drops the container's stored hint; its CPU and memory entries stay until its pod is no
   * longer active, when the managers' stale-state cleanup removes the whole pod ({@link
   * #removePod}). Kubelet v1.37.2 {@code cm/internal_container_lifecycle.go}: nothing in the kubelet
   * calls the CPU or Memory Manager's {@code RemoveContainer} ({@link #removeContainer}).
   */
  public NodeState stopContainer(NodeState state, String podUid, String containerName) {
    TrackedSortedMap<String, SortedMap<String, TopologyHint>> hints = state.topologyHints();
    if (dropsHintOf(state, podUid, containerName)) {
      SortedMap<String, TopologyHint> podHints = new TreeMap<>(hints.getOrDefault(podUid, new TreeMap<>()));
      podHints.remove(containerName);
      hints = podHints.isEmpty() ? hints.without(podUid) : hints.with(podUid, Collections.unmodifiableSortedMap(podHints));
    }
    SortedSet<String> names = new TreeSet<>(state.startedContainers().getOrDefault(podUid, new TreeSet<>()));
    names.remove(containerName);
    TrackedSortedMap<String, SortedSet<String>> started = names.isEmpty() ? state.startedContainers().without(podUid)
        : state.startedContainers().with(podUid, Collections.unmodifiableSortedSet(names));
    return new NodeState.Builder().from(state).topologyHints(hints).startedContainers(started).build();
  }

  /**
   * Whether the Topology Manager's {@code RemoveContainer} drops the container's stored hint: in
   * kubelet v1.37 only for a container it saw start since the managers last started (its id is in
   * the scope's {@code podMap}), quirk {@link KubeletQuirk#STALE_TOPOLOGY_HINTS}; corrected, always.
   */
  private boolean dropsHintOf(NodeState state, String podUid, String containerName) {
    if (state.started(podUid, containerName) || state.topologyHint(podUid, containerName).isEmpty()) {
      return true;
    }
    return !keepsStaleHints();
  }

  /**
   * Whether this node keeps the stored hints the Topology Manager does not drop (quirk
   * {@link KubeletQuirk#STALE_TOPOLOGY_HINTS}). Removals are no admission: no quirk log of theirs is
   * read, so none records the quirk.
   */
  private boolean keepsStaleHints() {
    return QuirkLog.of(config.behaviour()).reproducesKubelet(KubeletQuirk.STALE_TOPOLOGY_HINTS);
  }

  /**
   * Upstream {@code RemoveContainer} of every manager: the container's entries go; a pod's bubble
   * and pod memory are released with its last container; the container's stored hint is dropped as
   * {@link #stopContainer} drops it.
   * Its devices stay the pod's until the pod is removed: upstream frees devices only for pods that
   * are no longer active ({@code UpdateAllocatedDevices}).
   */
  public NodeState removeContainer(NodeState state, String podUid, String containerName) {
    CpuManagerState cpu = cpuPolicy.removeContainer(state.cpu(), podUid, containerName);
    MemoryManagerState memory = memoryPolicy.removeContainer(state.memory(), podUid, containerName);
    return stopContainer(new NodeState.Builder().from(state).cpu(cpu).memory(memory).build(), podUid, containerName);
  }

  /**
   * Removes every container of the pod that has an entry or a stored hint (in name order), then any
   * pod entry left without containers (a bubble returns to the default set; a pod memory entry
   * without containers holds no reservation and is dropped), and frees the pod's devices. The
   * stored hints go with the containers the Topology Manager saw start; kubelet v1.37 keeps the
   * others (quirk {@link KubeletQuirk#STALE_TOPOLOGY_HINTS}), the corrected behaviour drops them all.
   */
  public NodeState removePod(NodeState state, Pod pod) {
    String uid = pod.uid();
    TreeSet<String> names = new TreeSet<>();
    pod.initAndAppContainers().forEach(container -> names.add(container.name()));
    names.addAll(state.cpu().containerEntries(uid).keySet());
    names.addAll(state.memory().containersOf(uid).keySet());
    NodeState current = state;
    for (String name : names) {
      current = removeContainer(current, uid, name);
    }
    CpuManagerState cpu = current.cpu().releasingBubble(uid);
    MemoryManagerState memory = current.memory().podBlocks(uid).isPresent()
        ? current.memory().withoutPod(uid) : current.memory();
    TrackedSortedMap<String, SortedMap<String, TopologyHint>> hints =
        keepsStaleHints() ? current.topologyHints() : current.topologyHints().without(uid);
    return new NodeState.Builder().from(current).cpu(cpu).memory(memory).devices(current.devices().withoutPod(uid))
        .topologyHints(hints).startedContainers(current.startedContainers().without(uid)).build();
  }

  /**
   * The PodResources v1 {@code List} view of {@code activePods} (spec §9.2), in the given order.
   */
  public PodResourcesView podResources(NodeState state, List<Pod> activePods) {
    return podResourcesReport.view(state, activePods);
  }

  /** The v1 {@code GetAllocatableResources} answer. */
  public AllocatableResources allocatable(NodeState state) {
    return new AllocatableResources.Builder()
        .cpuIds(cpuPolicy.allocatableCpus())
        .memory(memoryPolicy.allocatableMemory(state.memory()))
        .devices(deviceManager.allocatableDevices())
        .build();
  }

  /**
   * What {@code container} is to {@code pod}: a standard or restartable init container, an app
   * container or an ephemeral container (matched by name).
   *
   * @throws IllegalArgumentException when the pod has no container of that name
   */
  public ContainerRole roleOf(Pod pod, Container container) {
    return PodContainers.roleOf(pod, container.name());
  }
}
