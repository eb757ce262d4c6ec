package io.podtopo.domain.cpumanager;

import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.admission.SmtAlignmentError;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodSharedPool;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.FittingMasks;
import io.podtopo.domain.topologymanager.MaskFamily;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The CPU Manager {@code static} policy (upstream {@code policy_static.go}), pure: every operation
 * takes a {@link CpuManagerState} and returns a new one, a result or a typed error.
 *
 * <p>Pools (spec kubelet-algorithms 2.3): the default set (node shared pool) is all CPUs minus
 * exclusive assignments and pod bubbles, minus the reserved CPUs with {@code strict-cpu-reservation};
 * exclusive CPUs come from {@code default − reserved} (plus the CPUs an init container of the same
 * pod leaves for reuse). With the KEP-5526 gates a pod-level pod gets one NUMA-aligned bubble of its
 * pod budget, partitioned into exclusive slices and a pod shared pool ({@link #allocatePod}).
 *
 * <p>Instances are immutable: the topology, the options, the feature gates and the reserved CPUs.
 */
public final class StaticPolicy implements CpuPolicy {

  private final CpuTopology topology;
  private final StaticPolicyOptions options;
  private final FeatureGates gates;
  private final CpuSet reserved;
  private final CpuSet reservedPhysical;
  private final CpuEligibility eligibility;

  private StaticPolicy(CpuTopology topology, StaticPolicyOptions options, FeatureGates gates, CpuSet reserved) {
    this.topology = topology;
    this.options = options;
    this.gates = gates;
    this.reserved = reserved;
    this.reservedPhysical = topology.siblingsOf(reserved);
    this.eligibility = new CpuEligibility(gates);
  }

  /**
   * Upstream {@code NewStaticPolicy}: validates the options against the machine and the Topology
   * Manager policy, then takes {@code reservedCpus} when non-empty, else lets the policy's own CPU
   * selection choose {@code numReservedCpus} CPUs out of all CPUs (lowest full cores first when
   * packed; NUMA-distributed with {@code distribute-cpus-across-numa}).
   *
   * <p>The choice of reserved CPUs follows {@code quirks}' behaviour.
   *
   * @throws io.podtopo.domain.quirks.KubeletGivesNoAnswer where kubelet v1.37 would never finish
   *     choosing the reserved CPUs and its behaviour is asked for
   * @throws StaticPolicyException when the options do not fit or the reserved set does not have
   *     {@code numReservedCpus} CPUs
   */
  public static StaticPolicy create(CpuTopology topology, int numReservedCpus, CpuSet reservedCpus,
      StaticPolicyOptions options, FeatureGates gates, String topologyManagerPolicy, QuirkLog quirks) {
    options.validateFor(topology, topologyManagerPolicy);
    StaticPolicy unreserved = new StaticPolicy(topology, options, gates, CpuSet.empty());
    CpuSet reserved = reservedCpus;
    if (reservedCpus.isEmpty()) {
      try {
        reserved = unreserved.takeByTopology(topology.cpus(), numReservedCpus, quirks);
      } catch (CpuAllocationException e) {
        reserved = CpuSet.empty();
      }
    }
    if (reserved.size() != numReservedCpus) {
      throw new StaticPolicyException("[cpumanager] unable to reserve the required amount of CPUs (size of "
          + reserved + " did not equal " + numReservedCpus + ")");
    }
    return new StaticPolicy(topology, options, gates, reserved);
  }

  /** Upstream {@code Name}: {@code static}. */
  @Override
  public String name() {
    return "static";
  }

  @Override
  public CpuTopology topology() {
    return topology;
  }

  public StaticPolicyOptions options() {
    return options;
  }

  /** The reserved CPUs: never given out exclusively. */
  @Override
  public CpuSet reservedCpus() {
    return reserved;
  }

  /** The reserved CPUs and all their SMT siblings (what {@code full-pcpus-only} keeps clear of). */
  public CpuSet reservedPhysicalCpus() {
    return reservedPhysical;
  }

  /** Upstream {@code GetAllocatableCPUs}: all CPUs minus the reserved ones. */
  @Override
  public CpuSet allocatableCpus() {
    return topology.cpus().difference(reserved);
  }

  /** The default set: the CPUs no exclusive assignment or pod bubble holds. */
  @Override
  public CpuSet nodeSharedPool(CpuManagerState state) {
    return state.defaultCpuSet();
  }

  /** Upstream {@code GetAvailableCPUs}: the default set minus the reserved CPUs. */
  public CpuSet availableCpus(CpuManagerState state) {
    return state.defaultCpuSet().difference(reserved);
  }

  // ---------------------------------------------------------------------------------------------
  // Start

  /**
   * Upstream {@code Start}/{@code validateState}. An empty state (empty default set, no entries) is
   * initialised to all CPUs (minus the reserved ones with {@code strict-cpu-reservation}); any other
   * state is returned unchanged if consistent.
   *
   * @throws StaticPolicyException with upstream's text when the state is inconsistent
   */
  @Override
  public CpuManagerState start(CpuManagerState state) {
    CpuSet allCpus = options.strictCpuReservation() ? topology.cpus().difference(reserved) : topology.cpus();
    CpuSet defaultSet = state.defaultCpuSet();
    if (defaultSet.isEmpty()) {
      if (!state.entries().isEmpty()) {
        throw new StaticPolicyException("default cpuset cannot be empty");
      }
      return state.withDefaultCpuSet(allCpus);
    }
    if (options.strictCpuReservation()) {
      if (reserved.intersects(defaultSet)) {
        throw new StaticPolicyException("some of strictly reserved cpus: \"" + reserved.intersection(defaultSet)
            + "\" are present in defaultCpuSet: \"" + defaultSet + "\"");
      }
    } else if (!reserved.isSubsetOf(defaultSet)) {
      throw new StaticPolicyException("not all reserved cpus: \"" + reserved
          + "\" are present in defaultCpuSet: \"" + defaultSet + "\"");
    }
    state.entries().forEach((pod, containers) -> containers.forEach((container, cpus) -> {
      if (cpus.intersects(defaultSet)) {
        throw new StaticPolicyException("pod: " + pod + ", container: " + container + " cpuset: \"" + cpus
            + "\" overlaps with default cpuset \"" + defaultSet + "\"");
      }
    }));
    CpuSet.Builder known = new CpuSet.Builder().addAll(defaultSet).addAll(state.assignedCpus());
    if (gates.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS)) {
      state.podEntries().values().forEach(known::addAll);
    }
    CpuSet totalKnown = known.build();
    if (!totalKnown.equals(allCpus)) {
      throw new StaticPolicyException("current set of available CPUs \"" + allCpus
          + "\" doesn't match with CPUs in state \"" + totalKnown + "\"");
    }
    return state;
  }

  // ---------------------------------------------------------------------------------------------
  // Eligibility

  /** Upstream {@code guaranteedCPUs}: see {@link CpuEligibility#guaranteedCpus}. */
  public long guaranteedCpus(Pod pod, Container container) {
    return eligibility.guaranteedCpus(pod, container);
  }

  /** Upstream {@code podGuaranteedCPUs}: see {@link CpuEligibility#podGuaranteedCpus}. */
  public long podGuaranteedCpus(Pod pod) {
    return eligibility.podGuaranteedCpus(pod);
  }

  /**
   * Upstream {@code GetResourceIsolationLevel} (PLRM spec 6.6): {@code host} without an entry;
   * {@code pod} for a container of a pod-level pod that is not equivalent-Guaranteed with an
   * integral cpu limit (it runs on the pod shared pool); {@code container} otherwise.
   */
  @Override
  public ResourceIsolationLevel isolationLevel(CpuManagerState state, Pod pod, Container container) {
    if (state.containerCpus(pod.uid(), container.name()).isEmpty()) {
      return ResourceIsolationLevel.HOST;
    }
    boolean exclusive = container.isEquivalentGuaranteed()
        && container.limit(Resources.CPU).map(Quantity::isIntegral).orElse(false);
    if (pod.managedAtPodLevel(gates) && !exclusive) {
      return ResourceIsolationLevel.POD;
    }
    return ResourceIsolationLevel.CONTAINER;
  }

  // ---------------------------------------------------------------------------------------------
  // Topology hints

  /**
   * Upstream {@code GetTopologyHints} for {@code cpu} (spec 2.5). Empty optional: no preference
   * (upstream nil); an empty list: a preference nothing can satisfy.
   */
  public Optional<List<TopologyHint>> containerHintList(CpuManagerState state, Pod pod, Container container) {
    return containerHints(state, pod, container).map(ResourceHints::hints);
  }

  /** {@link #containerHintList}, packed as the Topology Manager merges it. */
  @Override
  public Optional<ResourceHints> containerHints(CpuManagerState state, Pod pod, Container container) {
    long requested = guaranteedCpus(pod, container);
    if (requested == 0 || pod.podLevelUnmanaged(gates)) {
      return Optional.empty();
    }
    Optional<CpuSet> allocated = state.containerCpus(pod.uid(), container.name());
    if (allocated.isPresent()) {
      if (allocated.get().size() != requested) {
        return Optional.of(ResourceHints.unsatisfiable());
      }
      return Optional.of(packedHints(allocated.get(), CpuSet.empty(), requested));
    }
    return Optional.of(packedHints(availableCpus(state), state.reusableCpus(pod.uid()), requested));
  }

  /**
   * Upstream {@code GetPodTopologyHints} for {@code cpu} (spec 2.5, PLRM spec 6.1) as a list, under
   * {@code quirks}' behaviour ({@link #podHints}); as kubelet v1.37 gives them: hints for the whole pod's {@link #podGuaranteedCpus}; a pod-level pod failing
   * {@link #validatePodScopeResources} gets an empty list; CPUs already assigned to the pod's
   * containers are regenerated or reused, a container whose entry differs from its request (a
   * pod-shared container) making the list empty.
   */
  public Optional<List<TopologyHint>> podHintList(CpuManagerState state, Pod pod, QuirkLog quirks) {
    return podHints(state, pod, quirks).map(ResourceHints::hints);
  }

  /**
   * {@link #podHintList}, packed as the Topology Manager merges it, under {@code quirks}' behaviour:
   * corrected, a pod-level pod whose bubble is already in the state gets hints regenerated from the
   * bubble (the restart fix of upstream PR 141041, issue 140989; {@link KubeletQuirk#CPU_RESTART_REALLOCATES}).
   */
  @Override
  public Optional<ResourceHints> podHints(CpuManagerState state, Pod pod, QuirkLog quirks) {
    long requested = podGuaranteedCpus(pod);
    if (requested == 0 || pod.podLevelUnmanaged(gates)) {
      return Optional.empty();
    }
    if (pod.managedAtPodLevel(gates) && validatePodScopeResources(pod).isPresent()) {
      return Optional.of(ResourceHints.unsatisfiable());
    }
    Optional<CpuSet> bubble = state.podCpus(pod.uid());
    if (bubble.isPresent() && pod.managedAtPodLevel(gates)) {
      quirks.reached(KubeletQuirk.CPU_RESTART_REALLOCATES);
      if (!quirks.reproducesKubelet(KubeletQuirk.CPU_RESTART_REALLOCATES)) {
        return Optional.of(bubble.get().size() == requested
            ? packedHints(bubble.get(), CpuSet.empty(), requested)
            : ResourceHints.unsatisfiable());
      }
    }
    CpuSet.Builder assignedBuilder = new CpuSet.Builder();
    for (Container container : pod.initAndAppContainers()) {
      Optional<CpuSet> allocated = state.containerCpus(pod.uid(), container.name());
      if (allocated.isPresent()) {
        if (allocated.get().size() != guaranteedCpus(pod, container)) {
          return Optional.of(ResourceHints.unsatisfiable());
        }
        assignedBuilder.addAll(allocated.get());
      }
    }
    CpuSet assigned = assignedBuilder.build();
    if (assigned.size() == requested) {
      return Optional.of(packedHints(assigned, CpuSet.empty(), requested));
    }
    return Optional.of(packedHints(availableCpus(state), state.reusableCpus(pod.uid()).union(assigned), requested));
  }

  /**
   * Upstream {@code generateCPUTopologyHints}: one hint per NUMA combination (in
   * {@code IterateBitMasks} order) that contains every reusable CPU and holds enough reusable plus
   * available CPUs; preferred when as narrow as the narrowest combination whose <em>capacity</em>
   * fits the request, or socket-aligned under {@code align-by-socket}. Described ({@link MaskFamily},
   * ADR 0007): every mask containing the reusable CPUs' nodes whose free CPUs, with the reusable ones,
   * reach the request; preferred at the narrowest capacity that fits (the fewest nodes whose CPUs, free
   * or not, reach the request; all nodes when none do). The list, when something asks for it, is
   * {@link #enumeratedHints(List, long[], long[], long, int, long)}. Package-private: {@link #containerHints}
   * and {@link #podHints} give it out; the policy's tests ask it directly.
   */
  ResourceHints packedHints(CpuSet available, CpuSet reusable, long request) {
    List<Integer> nodes = topology.numaNodes().toList();
    long nodeBits = NumaMask.of(nodes).bits();
    long[] free = new long[NumaMask.MAX_NODE_ID + 1];
    long[] capacity = new long[NumaMask.MAX_NODE_ID + 1];
    long[] capacities = new long[nodes.size()];
    for (int i = 0; i < nodes.size(); i++) {
      CpuSet cpus = topology.cpusInNumaNode(nodes.get(i));
      capacities[i] = cpus.size();
      capacity[nodes.get(i)] = cpus.size();
      free[nodes.get(i)] = cpus.intersection(available).size();
    }
    long reusableNodes = NumaMask.of(topology.numaNodesOf(reusable).toList()).bits();
    int reusableCount = reusable.size();
    int minAffinity = FittingMasks.minAffinity(capacities, request);
    MaskFamily.Builder family = MaskFamily.over(nodeBits)
        .thresholdPart(nodeBits, reusableNodes, 1, new long[][] {free}, new long[] {request - reusable.size()})
        .preferredWidth(minAffinity)
        .description(() -> "every mask holding NUMA " + NumaMask.fromBits(reusableNodes) + " with " + request
            + " CPUs free or reusable; preferred width " + minAffinity)
        .enumeration(() -> enumeratedHints(nodes, capacity, free, reusableNodes, reusableCount, request));
    int numaNodesPerSocket = topology.numaNodesPerSocket();
    if (options.alignBySocket() && numaNodesPerSocket > 0) {
      List<Integer> sockets = topology.sockets().toList();
      long[] socketsOfNode = new long[NumaMask.MAX_NODE_ID + 1];
      for (int node : nodes) {
        for (int socket : topology.socketsInNumaNodes(CpuSet.of(node)).toList()) {
          socketsOfNode[node] |= 1L << sockets.indexOf(socket);
        }
      }
      family.socketPreference(socketsOfNode, (minAffinity + numaNodesPerSocket - 1) / numaNodesPerSocket);
    }
    return ResourceHints.implicit(family.build());
  }

  /**
   * {@link #packedHints}, enumerated as upstream does (the masks and the preferred ones, without a
   * hint object each), from the nodes' capacities and free CPUs (by node id).
   */
  private ResourceHints enumeratedHints(List<Integer> nodes, long[] capacity, long[] free, long reusableNodes,
      int reusableCount, long request) {
    FittingMasks fitting = FittingMasks.walk(nodes, capacity, free, reusableNodes, reusableCount, request);
    return fitting.hints(mask -> options.alignBySocket()
        && isSocketAligned(NumaMask.fromBits(mask), fitting.narrowestWidth()));
  }

  private boolean isSocketAligned(NumaMask mask, int minAffinity) {
    int numaNodesPerSocket = topology.numaNodesPerSocket();
    if (numaNodesPerSocket == 0) {
      return false;
    }
    int minSockets = (minAffinity + numaNodesPerSocket - 1) / numaNodesPerSocket;
    return topology.socketsInNumaNodes(CpuSet.of(mask.nodes())).size() == minSockets;
  }

  // ---------------------------------------------------------------------------------------------
  // Container path

  /**
   * Upstream {@code Allocate} (spec 2.6) for one container with the Topology Manager's hint for it.
   * Shared-pool containers and pod-level pods without the KEP-5526 gates change nothing; a container
   * that already has an entry keeps it and only updates the reusable CPUs, before {@code
   * full-pcpus-only} is checked (D-20: kubelet v1.37.0 {@code allocateForAdd} looks the entry up
   * before {@code enforceSMTAlignment}, "existing allocations are preserved even if they violate the
   * current policy"; v1.36 checked first, kubernetes/kubernetes#129078, fixed by #129079).
   *
   * <p>Under {@code quirks}' behaviour.
   */
  @Override
  public CpuAllocationResult allocate(CpuManagerState state, Pod pod, Container container, TopologyHint hint,
      QuirkLog quirks) {
    long numCpus = guaranteedCpus(pod, container);
    if (numCpus == 0 || pod.podLevelUnmanaged(gates)) {
      return CpuAllocationResult.success(state, ResourceManagerMetrics.none());
    }
    ResourceManagerMetrics failed = new ResourceManagerMetrics.Builder().nodeAllocationErrors(1).build();
    Optional<CpuSet> existing = state.containerCpus(pod.uid(), container.name());
    if (existing.isPresent()) {
      return CpuAllocationResult.success(updateReusable(state, pod, container, existing.get()),
          ResourceManagerMetrics.none());
    }
    Optional<SmtAlignmentError> smt = smtAlignmentError(state, numCpus);
    if (smt.isPresent()) {
      return CpuAllocationResult.failure(state, smt.get(), failed);
    }
    CpuSet cpus;
    try {
      cpus = allocateCpus(state, numCpus, hint.affinity(), state.reusableCpus(pod.uid()), quirks);
    } catch (CpuAllocationException e) {
      return CpuAllocationResult.failure(state, e.error(), failed);
    }
    CpuManagerState allocated = state.withDefaultCpuSet(state.defaultCpuSet().difference(cpus))
        .withContainer(pod.uid(), container.name(), cpus);
    return CpuAllocationResult.success(updateReusable(allocated, pod, container, cpus),
        new ResourceManagerMetrics.Builder().nodeAllocations(1).nodeExclusiveAssignments(1).build());
  }

  /**
   * Upstream {@code enforceSMTAlignment}: with {@code full-pcpus-only}, the request must be a
   * multiple of the CPUs per core and fit in the default set minus the reserved cores.
   */
  public Optional<SmtAlignmentError> smtAlignmentError(CpuManagerState state, long numCpus) {
    if (!options.fullPhysicalCpusOnly()) {
      return Optional.empty();
    }
    int cpusPerCore = topology.cpusPerCore();
    if (cpusPerCore == 0 || numCpus % cpusPerCore != 0) {
      return Optional.of(SmtAlignmentError.notMultipleOfCore(numCpus, cpusPerCore));
    }
    int availablePhysical = state.defaultCpuSet().difference(reservedPhysical).size();
    if (numCpus > availablePhysical) {
      return Optional.of(SmtAlignmentError.notEnoughPhysicalCpus(numCpus, cpusPerCore, availablePhysical));
    }
    return Optional.empty();
  }

  /**
   * Upstream {@code allocateCPUs} as kubelet v1.37 runs it: from {@code (default − reserved) ∪ reusable},
   * up to {@code numCpus} CPUs of the hinted NUMA nodes first (of their whole sockets under
   * {@code align-by-socket}), the rest from anywhere. The caller removes the result from the default
   * set.
   *
   * <p>Under {@code quirks}' behaviour: corrected, {@code full-pcpus-only} gives out whole cores only
   * (decision D-21, {@link KubeletQuirk#LONE_SIBLING}).
   *
   * @throws CpuAllocationException with upstream's text when there are not enough CPUs
   */
  public CpuSet allocateCpus(CpuManagerState state, long numCpus, Optional<NumaMask> affinity, CpuSet reusable,
      QuirkLog quirks) {
    CpuSet allocatable = availableCpus(state).union(reusable);
    boolean wholeCores = options.fullPhysicalCpusOnly() && topology.cpusPerCore() > 0;
    if (wholeCores && mayHandOutPartCores(allocatable, numCpus, affinity)) {
      quirks.reached(KubeletQuirk.LONE_SIBLING);
      wholeCores = !quirks.reproducesKubelet(KubeletQuirk.LONE_SIBLING);
    }
    if (wholeCores) {
      allocatable = wholeCoresOf(allocatable);
    }
    CpuSet result = CpuSet.empty();
    if (affinity.isPresent()) {
      CpuSet aligned = alignedCpus(affinity.get(), allocatable);
      int alignedCount = (int) Math.min(numCpus, aligned.size());
      if (wholeCores) {
        alignedCount -= alignedCount % topology.cpusPerCore();
      }
      result = takeByTopology(aligned, alignedCount, quirks);
    }
    return result.union(takeByTopology(allocatable.difference(result), numCpus - result.size(), quirks));
  }

  /**
   * Whether the kubelet's {@code allocateCPUs} and the corrected one could differ under
   * {@code full-pcpus-only}: some allocatable CPU's core is not wholly allocatable, or the NUMA-aligned
   * part is not a whole number of cores. Otherwise both take the same CPUs.
   */
  private boolean mayHandOutPartCores(CpuSet allocatable, long numCpus, Optional<NumaMask> affinity) {
    if (!wholeCoresOf(allocatable).equals(allocatable)) {
      return true;
    }
    return affinity.isPresent()
        && Math.min(numCpus, alignedCpus(affinity.get(), allocatable).size()) % topology.cpusPerCore() != 0;
  }

  /**
   * Decision D-21 (invariant 26), corrected: with {@code full-pcpus-only} only cores whose every
   * thread is allocatable are given out, so neither the lone sibling of a reserved CPU nor a
   * half-used core lands in an allocation, and the NUMA-aligned part is a whole number of cores.
   */
  private CpuSet wholeCoresOf(CpuSet cpus) {
    CpuSet.Builder whole = new CpuSet.Builder();
    topology.coresOf(cpus).forEachCpu(core -> {
      CpuSet threads = topology.cpusInCore(core);
      if (threads.isSubsetOf(cpus)) {
        whole.addAll(threads);
      }
    });
    return whole.build();
  }

  private CpuSet alignedCpus(NumaMask affinity, CpuSet allocatable) {
    CpuSet nodes = CpuSet.of(affinity.nodes());
    if (options.alignBySocket()) {
      return allocatable.intersection(topology.cpusInSockets(topology.socketsInNumaNodes(nodes)));
    }
    return allocatable.intersection(topology.cpusInNumaNodes(nodes));
  }

  /**
   * The policy's {@code takeByTopology}: NUMA-distributed with {@code distribute-cpus-across-numa}
   * (groups of a whole core with {@code full-pcpus-only}, preferring one socket with
   * {@code align-by-socket}), else NUMA-packed; spread sorting with
   * {@code distribute-cpus-across-cores}; under {@code quirks}' behaviour (the NUMA-distributed
   * selection's {@link KubeletQuirk#NUMA_REMAINDER_LOOP}).
   *
   * @throws CpuAllocationException with upstream's text when the CPUs cannot be taken
   * @throws io.podtopo.domain.quirks.KubeletGivesNoAnswer where kubelet v1.37 would never finish and
   *     its behaviour is asked for
   */
  public CpuSet takeByTopology(CpuSet available, long numCpus, QuirkLog quirks) {
    if (numCpus > available.size()) {
      // What both of upstream's takes answer first for any request beyond the CPUs given; a count
      // past int (Go's int is 64 bits, a cpu quantity up to 9.2E) can only end here.
      throw CpuAssignment.notEnough(numCpus, available);
    }
    return takeByTopology(available, (int) numCpus, quirks);
  }

  private CpuSet takeByTopology(CpuSet available, int numCpus, QuirkLog quirks) {
    CpuSortingStrategy strategy =
        options.distributeCpusAcrossCores() ? CpuSortingStrategy.SPREAD : CpuSortingStrategy.PACKED;
    if (options.distributeCpusAcrossNuma()) {
      int groupSize = options.fullPhysicalCpusOnly() ? topology.cpusPerCore() : 1;
      return CpuAssignment.takeByTopologyNumaDistributed(topology, available, numCpus, groupSize, strategy,
          options.alignBySocket(), quirks);
    }
    return CpuAssignment.takeByTopologyNumaPacked(topology, available, numCpus, strategy,
        options.preferAlignByUncoreCache());
  }

  /**
   * Upstream {@code updateCPUsToReuse}: only the pod being admitted is tracked; a standard init
   * container's CPUs become reusable, a sidecar's or app container's CPUs stop being reusable.
   */
  private CpuManagerState updateReusable(CpuManagerState state, Pod pod, Container container, CpuSet cpus) {
    CpuSet reusable = state.reusableCpus(pod.uid());
    boolean standardInit = pod.initContainers().stream()
        .anyMatch(init -> init.name().equals(container.name()) && !init.restartable());
    return state.withReusableCpus(pod.uid(), standardInit ? reusable.union(cpus) : reusable.difference(cpus));
  }

  /**
   * Upstream {@code RemoveContainer}: deletes the container's entry. Inside a pod with a bubble
   * nothing is released until its last container goes, then the whole bubble returns to the default
   * set. Otherwise the container's CPUs return except those still used by another container of the
   * pod (init CPUs reused by an app container).
   */
  @Override
  public CpuManagerState removeContainer(CpuManagerState state, String podUid, String containerName) {
    Optional<CpuSet> toRelease = state.containerCpus(podUid, containerName);
    if (toRelease.isEmpty()) {
      return state;
    }
    CpuManagerState removed = state.withoutContainer(podUid, containerName);
    Optional<CpuSet> bubble = removed.podCpus(podUid);
    if (gates.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS) && bubble.isPresent()) {
      if (removed.containerEntries(podUid).isEmpty()) {
        return removed.releasingBubble(podUid);
      }
      return removed;
    }
    CpuSet.Builder inUse = new CpuSet.Builder();
    removed.containerEntries(podUid).values().forEach(inUse::addAll);
    return removed.withDefaultCpuSet(removed.defaultCpuSet().union(toRelease.get().difference(inUse.build())));
  }

  // ---------------------------------------------------------------------------------------------
  // Pod-level (KEP-5526)

  /** The pod shared pool of cpu: see {@link CpuEligibility#podSharedPool}. */
  public PodSharedPool podSharedPool(Pod pod) {
    return eligibility.podSharedPool(pod);
  }

  /** Upstream {@code validatePodScopeResources}: see {@link CpuEligibility#validatePodScopeResources}. */
  public Optional<EmptyPodSharedPoolError> validatePodScopeResources(Pod pod) {
    return eligibility.validatePodScopeResources(pod);
  }

  /**
   * Upstream {@code AllocatePod} (PLRM spec 6.2): allocates the pod budget as one bubble, aligned to
   * the pod's hint, then partitions it: exclusive init slices from the bubble minus the sidecars so
   * far (standard init slices stay in the pool for reuse), shared standard inits get that runnable
   * pool, exclusive app slices come out of the pool, and every other container gets the final pod
   * shared pool. Order of checks: budget 0 (no-op), empty shared pool, SMT alignment, allocation.
   *
   * <p>As kubelet v1.37 does, a bubble already in the state is not looked at: a new one is taken
   * from the default set and every container's entry written again
   * ({@link KubeletQuirk#CPU_RESTART_REALLOCATES}); and a partition that fails leaves the new bubble
   * taken ({@link KubeletQuirk#CPU_PARTIAL_BUBBLE}).
   *
   * <p>Under {@code quirks}' behaviour; corrected, a pod whose bubble is already in the state keeps it (no second bubble), containers
   * with entries keep them and missing ones get the partition's answer (the restore of upstream PR
   * 141041); on any error the state is returned unchanged.
   */
  @Override
  public CpuAllocationResult allocatePod(CpuManagerState state, Pod pod, TopologyHint hint, QuirkLog quirks) {
    long budget = podGuaranteedCpus(pod);
    if (budget == 0) {
      return CpuAllocationResult.success(state, ResourceManagerMetrics.none());
    }
    ResourceManagerMetrics failed = new ResourceManagerMetrics.Builder().podAllocationErrors(1).build();
    Optional<EmptyPodSharedPoolError> emptyPool = validatePodScopeResources(pod);
    if (emptyPool.isPresent()) {
      return CpuAllocationResult.failure(state, emptyPool.get(), failed);
    }
    Optional<CpuSet> restored = state.podCpus(pod.uid());
    if (restored.isPresent()) {
      quirks.reached(KubeletQuirk.CPU_RESTART_REALLOCATES);
    }
    boolean restore = restored.isPresent() && !quirks.reproducesKubelet(KubeletQuirk.CPU_RESTART_REALLOCATES);
    CpuManagerState current = state;
    CpuSet bubble;
    try {
      if (restore) {
        bubble = restored.get();
      } else {
        Optional<SmtAlignmentError> smt = smtAlignmentError(state, budget);
        if (smt.isPresent()) {
          return CpuAllocationResult.failure(state, smt.get(), failed);
        }
        bubble = allocateCpus(state, budget, hint.affinity(), CpuSet.empty(), quirks);
        current = state.withDefaultCpuSet(state.defaultCpuSet().difference(bubble)).withPodCpus(pod.uid(), bubble);
      }
    } catch (CpuAllocationException e) {
      return CpuAllocationResult.failure(state, e.error(), failed);
    }
    try {
      return partition(current, pod, bubble, restore, quirks);
    } catch (CpuAllocationException e) {
      CpuManagerState left = state;
      if (!restore) {
        quirks.reached(KubeletQuirk.CPU_PARTIAL_BUBBLE);
        if (quirks.reproducesKubelet(KubeletQuirk.CPU_PARTIAL_BUBBLE)) {
          left = current;
        }
      }
      return CpuAllocationResult.failure(left, e.error(), failed);
    }
  }

  /**
   * Carves the bubble into the containers' entries; with {@code keepEntries} a container that already
   * has an entry keeps it (a restored pod), else every container's entry is written.
   */
  private CpuAllocationResult partition(CpuManagerState state, Pod pod, CpuSet bubble, boolean keepEntries,
      QuirkLog quirks) {
    Map<String, CpuSet> slices = new LinkedHashMap<>();
    Set<String> exclusive = new TreeSet<>();
    CpuSet sidecars = CpuSet.empty();
    for (Container init : pod.initContainers()) {
      long cpus = guaranteedCpus(pod, init);
      CpuSet runnable = bubble.difference(sidecars);
      if (cpus > 0) {
        CpuSet slice = takeByTopology(runnable, cpus, quirks);
        slices.put(init.name(), slice);
        exclusive.add(init.name());
        if (init.restartable()) {
          sidecars = sidecars.union(slice);
        }
      } else if (!init.restartable()) {
        slices.put(init.name(), runnable);
      }
    }
    CpuSet pool = bubble.difference(sidecars);
    for (Container app : pod.containers()) {
      long cpus = guaranteedCpus(pod, app);
      if (cpus > 0) {
        CpuSet slice = takeByTopology(pool, cpus, quirks);
        slices.put(app.name(), slice);
        exclusive.add(app.name());
        pool = pool.difference(slice);
      }
    }
    CpuManagerState result = state;
    ResourceManagerMetrics.Builder metrics = new ResourceManagerMetrics.Builder();
    int written = 0;
    int exclusiveWritten = 0;
    for (Container container : pod.initAndAppContainers()) {
      if (keepEntries && state.containerCpus(pod.uid(), container.name()).isPresent()) {
        continue;
      }
      result = result.withContainer(pod.uid(), container.name(), slices.getOrDefault(container.name(), pool));
      written++;
      if (exclusive.contains(container.name())) {
        exclusiveWritten++;
      }
    }
    return CpuAllocationResult.success(result, metrics.podAllocations(written)
        .podExclusiveAssignments(exclusiveWritten).podSharedAssignments(written - exclusiveWritten).build());
  }
}
