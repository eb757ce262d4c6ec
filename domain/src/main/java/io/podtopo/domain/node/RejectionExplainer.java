package io.podtopo.domain.node;

import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.admission.DevicesUnavailableError;
import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.admission.InsufficientResourceError;
import io.podtopo.domain.admission.KubeletNoAnswer;
import io.podtopo.domain.admission.MemoryManagerError;
import io.podtopo.domain.admission.NotEnoughCpusError;
import io.podtopo.domain.admission.PodLevelResourcesValidationError;
import io.podtopo.domain.admission.SmtAlignmentError;
import io.podtopo.domain.admission.TopologyAffinityError;
import io.podtopo.domain.admission.UnexpectedAdmissionError;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.devicemanager.DeviceManager;
import io.podtopo.domain.memorymanager.MemoryManagerException;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodSharedPool;
import io.podtopo.domain.pod.PoolFinding;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.pod.SharedContainersWithoutPool;
import io.podtopo.domain.pod.SharedInitWithoutPool;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.text.ByteSizes;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topologymanager.FittingMasks;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Explains a rejection in plain words ({@link RejectionCause}) from the pod, the node's state the
 * admission started from and its trace, for every reason of the spec's catalogue (§5.4):
 *
 * <ul>
 *   <li>an empty pod shared pool ({@code EmptyPodSharedPoolError}, and the pod-scope
 *       {@code TopologyAffinityError} it becomes when the providers return no hint): per resource
 *       (cpu, memory, each hugepage size) the budget, what the exclusive containers take and which
 *       containers would share what is left, and how much more budget would do;
 *   <li>no NUMA placement ({@code TopologyAffinityError}): per resource (devices of device plugin
 *       resources with topology included) what the pod (or the container, in container scope)
 *       needs, on how many NUMA nodes at the narrowest, what is free on each node, and how much to
 *       free where (or which resources want different nodes);
 *   <li>{@code SMTAlignmentError}, the untyped allocator errors ({@code UnexpectedAdmissionError})
 *       and {@code PodLevelResourcesValidationError}, from their numbers.
 * </ul>
 *
 * <p>The kubelet's reason and message are not touched. The explanation is advice: it reads the
 * state the way the providers do (free CPUs are the default set minus the reserved ones, free memory
 * the Memory Manager's table), not their hint lists, and so needs no enumeration of NUMA masks.
 */
public final class RejectionExplainer {

  private static final String CPU = "cpu";
  private static final int POD_FIXES_SHOWN = 3;

  private final NodeResourceManagers managers;

  public RejectionExplainer(NodeResourceManagers managers) {
    this.managers = managers;
  }

  /** Why {@code admission} of {@code pod} was rejected, and what would make it fit; empty when it was admitted. */
  public Optional<RejectionCause> explain(Pod pod, Admission admission) {
    if (admission.admitted()) {
      return Optional.empty();
    }
    AdmissionCause cause = admission.cause().orElseThrow();
    if (admission.noAnswer().isEmpty() && !decidingQuirks(admission).isEmpty()) {
      return Optional.of(quirks(admission));
    }
    return Optional.of(explain(pod, admission, cause));
  }

  /** The explanation of each kind of cause, from its fields. */
  private RejectionCause explain(Pod pod, Admission admission, AdmissionCause cause) {
    if (cause instanceof PodLevelResourcesValidationError invalid) {
      return validation(invalid);
    }
    if (cause instanceof EmptyPodSharedPoolError) {
      return withPodFixes(emptyPool(pod).orElseGet(() -> restated(cause)), pod, admission);
    }
    if (cause instanceof TopologyAffinityError) {
      return withPodFixes((podScope() ? emptyPool(pod) : Optional.<RejectionCause>empty())
          .orElseGet(() -> placement(pod, admission).orElseGet(() -> restated(cause))), pod, admission);
    }
    if (cause instanceof SmtAlignmentError smt) {
      return withPodFixes(smt(smt), pod, admission);
    }
    if (cause instanceof UnexpectedAdmissionError unexpected) {
      return withPodFixes(unexpected(pod, admission, unexpected), pod, admission);
    }
    if (cause instanceof KubeletNoAnswer noAnswer) {
      return noAnswer(noAnswer.quirk());
    }
    if (cause instanceof InsufficientResourceError) {
      return withPodFixes(restated(cause), pod, admission);
    }
    return restated(cause); // a ReportedFailure: its text is all there is
  }

  /**
   * The cause with the changes to the pod that make it fit put first among the fixes (at most
   * {@value #POD_FIXES_SHOWN}, smallest first), each checked by admitting the changed pod on the
   * state the rejection started from; the node advice follows.
   */
  private RejectionCause withPodFixes(RejectionCause cause, Pod pod, Admission admission) {
    Optional<Container> failing = failedMerge(admission).flatMap(MergeTrace::container)
        .flatMap(name -> containerNamed(pod, name));
    List<PodFix> podFixes = new PodFixFinder(managers).find(pod, admission.state(), failing);
    podFixes = podFixes.subList(0, Math.min(POD_FIXES_SHOWN, podFixes.size()));
    List<String> fixes = new ArrayList<>();
    podFixes.forEach(fix -> fixes.add(fix.advice()));
    fixes.addAll(cause.fixes());
    return new RejectionCause(cause.causes(), fixes, podFixes);
  }

  private static Optional<MergeTrace> failedMerge(Admission admission) {
    return admission.trace().merges().stream().filter(merge -> !merge.admit()).reduce((first, second) -> second);
  }

  private boolean podScope() {
    return managers.config().topologyManagerScope() == TopologyManagerScope.POD;
  }

  /**
   * A rejection a quirk decided (ADR 0008): what the behaviour did at each quirk, and, as kubelet
   * v1.37 behaves, what the corrected behaviour does instead.
   */
  private static RejectionCause quirks(Admission admission) {
    boolean kubelet = admission.behaviour() == Behaviour.KUBELET;
    List<String> causes = new ArrayList<>();
    List<String> fixes = new ArrayList<>();
    for (KubeletQuirk quirk : decidingQuirks(admission)) {
      causes.add(quirk.label() + ": " + (kubelet ? quirk.kubeletBehaviour() : quirk.specBehaviour()));
      if (kubelet) {
        fixes.add("the corrected behaviour (behaviour spec) decides: " + quirk.specBehaviour());
      }
    }
    return new RejectionCause(causes, fixes);
  }

  /**
   * The admission's quirks that can decide a rejection: not those that only leave a refused pod's
   * residue behind ({@link KubeletQuirk.KubeletOutcome#LEAVES_RESIDUE}), which the reports list but
   * which never are why a pod was refused.
   */
  private static List<KubeletQuirk> decidingQuirks(Admission admission) {
    return admission.quirks().stream()
        .filter(quirk -> quirk.outcome() != KubeletQuirk.KubeletOutcome.LEAVES_RESIDUE).toList();
  }

  /** Where kubelet v1.37 never finishes or crashes: what it does there, and the corrected behaviour. */
  private static RejectionCause noAnswer(KubeletQuirk quirk) {
    return new RejectionCause(List.of(quirk.label() + ": " + quirk.kubeletBehaviour()),
        List.of("the corrected behaviour (behaviour spec) decides: " + quirk.specBehaviour()));
  }

  private static RejectionCause restated(AdmissionCause cause) {
    return new RejectionCause(List.of(cause.message()), List.of());
  }

  // --- the pod shared pool ---------------------------------------------------------------------

  /** The pod shared pool problems of a pod-level pod, one per resource, as the providers' validations see them. */
  private Optional<RejectionCause> emptyPool(Pod pod) {
    if (!pod.managedAtPodLevel(managers.config().featureGates())) {
      return Optional.empty();
    }
    List<String> causes = new ArrayList<>();
    if (managers.cpuPolicy() instanceof StaticPolicy policy) {
      sharedPoolProblems(policy.podSharedPool(pod), causes);
    }
    if (managers.memoryPolicy() instanceof StaticMemoryPolicy policy) {
      try {
        sharedPoolProblems(policy.podSharedPool(pod), causes);
      } catch (MemoryManagerException e) {
        // a request that is not a whole number of bytes: the rejection says so itself
      }
    }
    return causes.isEmpty() ? Optional.empty() : Optional.of(new RejectionCause(causes, List.of()));
  }

  /** Per resource of the budget, the containers on the pod shared pool left without any of it. */
  private static void sharedPoolProblems(PodSharedPool pool, List<String> causes) {
    pool.budget().forEach((resource, budget) -> {
      if (budget > 0) {
        pool.sharedContainersWithout(resource).map(RejectionExplainer::leftWithout).ifPresent(causes::add);
      }
    });
  }

  /** A finding of {@link PodSharedPool#sharedContainersWithout}: a shared init container, or the long-running ones. */
  private static String leftWithout(PoolFinding finding) {
    String resource = finding.resource();
    if (finding instanceof SharedInitWithoutPool init) {
      return resource + ": init container " + init.container() + " has no " + resource + " of its own and runs on "
          + "the pod shared pool, but the sidecars started before it (" + parts(resource, init.sidecars())
          + ") take the whole budget of " + amount(resource, init.budget());
    }
    SharedContainersWithoutPool longRunning = (SharedContainersWithoutPool) finding;
    return resource + ": the pod's budget (spec.resources) is " + amount(resource, longRunning.budget())
        + "; its exclusive containers take " + amount(resource, longRunning.exclusiveTotal()) + " ("
        + parts(resource, longRunning.exclusive()) + "), which leaves nothing for "
        + String.join(", ", longRunning.sharing()) + " on the pod shared pool";
  }

  /**
   * Containers with what each takes: {@code proxy 1 CPU, main 3 CPUs}. Never none: a budget above 0 is
   * taken whole only by some container.
   */
  private static String parts(String resource, List<Map.Entry<String, Long>> takes) {
    return takes.stream().map(take -> take.getKey() + " " + amount(resource, take.getValue()))
        .collect(Collectors.joining(", "));
  }

  // --- NUMA placement --------------------------------------------------------------------------

  /**
   * What one resource needs of the NUMA nodes: the amount, and per node what is free, the most pods
   * could ever get there ({@code capacity}) and the size the hint providers count when they judge
   * the narrowest placement ({@code sizes}: for CPUs the node's CPUs, reserved ones included).
   */
  private record Demand(String resource, long request, SortedMap<Integer, Long> free, SortedMap<Integer, Long> capacity,
      SortedMap<Integer, Long> sizes) {

    Demand(String resource, long request, SortedMap<Integer, Long> free, SortedMap<Integer, Long> capacity) {
      this(resource, request, free, capacity, capacity);
    }

    /** The fewest NUMA nodes that could ever hold the request (the providers' narrowest width); 0 when none can. */
    int width() {
      return everFits() ? FittingMasks.fewestHolding(sizes.values().stream().mapToLong(Long::longValue), request) : 0;
    }

    /** Whether all NUMA nodes together could give the request to pods. */
    boolean everFits() {
      return capacity.values().stream().mapToLong(Long::longValue).sum() >= request;
    }

    /** The {@code width} nodes with the most free, most free first (ties: lower id). */
    List<Integer> roomiest(int width) {
      return free.entrySet().stream()
          .sorted(Map.Entry.<Integer, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
          .limit(width).map(Map.Entry::getKey).sorted().toList();
    }

    long freeOn(List<Integer> nodes) {
      return nodes.stream().mapToLong(node -> free.getOrDefault(node, 0L)).sum();
    }

    /** Whether some mask of the narrowest width has the request free (the top nodes by free are such a mask). */
    boolean fitsAlone() {
      int width = width();
      return width > 0 && freeOn(roomiest(width)) >= request;
    }

    /** The nodes that alone have the request free. */
    List<Integer> singleNodes() {
      return free.entrySet().stream().filter(entry -> entry.getValue() >= request).map(Map.Entry::getKey).toList();
    }

    /**
     * The {@code width} nodes to free the request on: the roomiest whose capacity can hold it (else
     * those that can hold the most).
     */
    List<Integer> toFree(int width) {
      List<Integer> roomiest = roomiest(width);
      if (roomiest.stream().mapToLong(node -> capacity.getOrDefault(node, 0L)).sum() >= request) {
        return roomiest;
      }
      return capacity.entrySet().stream()
          .sorted(Map.Entry.<Integer, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
          .limit(width).map(Map.Entry::getKey).sorted().toList();
    }

    /**
     * What is free per NUMA node, consecutive nodes with the same amount as one run:
     * {@code 0: 1 CPU, 1-63: 8 CPUs each}.
     */
    String freeText() {
      List<String> runs = new ArrayList<>();
      List<Map.Entry<Integer, Long>> entries = List.copyOf(free.entrySet());
      int start = 0;
      for (int i = 1; i <= entries.size(); i++) {
        if (i == entries.size() || !entries.get(i).getValue().equals(entries.get(start).getValue())
            || entries.get(i).getKey() != entries.get(i - 1).getKey() + 1) {
          int first = entries.get(start).getKey();
          int last = entries.get(i - 1).getKey();
          runs.add((first == last ? first + "" : first + "-" + last) + ": "
              + amount(resource, entries.get(start).getValue()) + (first == last ? "" : " each"));
          start = i;
        }
      }
      return String.join(", ", runs);
    }

    /** The most the {@code width} largest NUMA nodes can hold together. */
    long capacityOf(int width) {
      return capacity.values().stream().sorted(Comparator.reverseOrder()).limit(width).mapToLong(Long::longValue).sum();
    }
  }

  private Optional<RejectionCause> placement(Pod pod, Admission admission) {
    Optional<MergeTrace> failed = failedMerge(admission);
    if (failed.isEmpty()) {
      return Optional.empty();
    }
    Optional<Container> container = failed.get().container().flatMap(name -> containerNamed(pod, name));
    if (failed.get().container().isPresent() && container.isEmpty()) {
      return Optional.empty();
    }
    List<Demand> demands = new ArrayList<>(demands(pod, container, admission.state()));
    if (demands.isEmpty()) {
      return Optional.empty();
    }
    // what cannot fit at all comes first, then what does not fit alone, each in the providers' order
    demands.sort(Comparator.comparingInt(demand -> demand.width() == 0 ? 0 : demand.fitsAlone() ? 2 : 1));
    String who = container.map(c -> "container " + c.name()).orElse("the pod");
    List<String> causes = new ArrayList<>();
    List<String> fixes = new ArrayList<>();
    boolean singleNode = managers.config().topologyManagerPolicy() == TopologyManagerPolicy.SINGLE_NUMA_NODE;
    for (Demand demand : demands) {
      int width = demand.width();
      String needs = demand.resource() + ": " + who + " needs " + amount(demand.resource(), demand.request());
      if (width == 0) {
        causes.add(needs + ", more than all NUMA nodes together can give to pods ("
            + amount(demand.resource(), demand.capacityOf(demand.capacity().size())) + reservedNote(demand) + ")");
        long machineHas = demand.sizes().values().stream().mapToLong(Long::longValue).sum();
        if (demand.request() > machineHas) {
          fixes.add("run the pod on a node with at least " + amount(demand.resource(), demand.request())
              + (Resources.isManaged(demand.resource()) ? "" : " of " + demand.resource()) + " (this one has "
              + amount(demand.resource(), machineHas) + ")");
        } else if (demand.resource().equals(CPU)) {
          fixes.add("reserve fewer CPUs (the kubelet configuration's reservedSystemCPUs, or kubeReserved and "
              + "systemReserved cpu)");
        }
        continue;
      }
      if (singleNode && width > 1) {
        long largest = demand.capacity().values().stream().mapToLong(Long::longValue).max().orElse(0);
        causes.add(needs + onNodes(demand));
        causes.add("single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most "
            + amount(demand.resource(), largest));
        fixes.add("use the restricted or best-effort policy, which admit a placement on several NUMA nodes");
      } else if (!demand.fitsAlone()) {
        causes.add(needs + onNodes(demand));
        List<Integer> nodes = demand.toFree(width);
        long missing = demand.request() - demand.freeOn(nodes);
        fixes.add("free " + amount(demand.resource(), missing)
            + (Resources.isManaged(demand.resource()) ? "" : " of " + demand.resource()) + " on NUMA "
            + nodeList(nodes) + " (" + amount(demand.resource(), demand.freeOn(nodes)) + " of the "
            + amount(demand.resource(), demand.request()) + " are free there)");
      }
    }
    if (causes.isEmpty() && demands.size() > 1) {
      conflict(demands, causes, fixes);
    }
    if (causes.isEmpty()) {
      // one resource that fits on its own narrowest nodes: what it needs and what is free is all there is to say
      demands.forEach(demand -> causes.add(demand.resource() + ": " + who + " needs "
          + amount(demand.resource(), demand.request()) + onNodes(demand)));
    }
    return Optional.of(new RejectionCause(causes, fixes));
  }

  private static String onNodes(Demand demand) {
    return " on " + nodes(demand.width()) + " (the fewest that can hold it); free by NUMA node: " + demand.freeText();
  }

  /** For CPUs, which of them are reserved, so that no pod can have them. */
  private String reservedNote(Demand demand) {
    if (!demand.resource().equals(CPU)) {
      return "";
    }
    CpuSet reserved = managers.cpuPolicy().reservedCpus();
    return reserved.isEmpty() ? "" : "; CPUs " + reserved + " are reserved";
  }

  /** Every resource fits on its own narrowest nodes, but not all on the same: say where each fits. */
  private static void conflict(List<Demand> demands, List<String> causes, List<String> fixes) {
    int widest = demands.stream().mapToInt(Demand::width).max().orElse(1);
    int narrowest = demands.stream().mapToInt(Demand::width).min().orElse(1);
    if (widest > narrowest) {
      causes.add(demands.stream().map(demand -> demand.resource() + " needs " + nodes(demand.width()))
          .collect(Collectors.joining(", ")) + " at the fewest: a placement on " + nodes(widest) + " is wider than the "
          + "narrowest for " + demands.stream().filter(demand -> demand.width() < widest).map(Demand::resource)
          .collect(Collectors.joining(", ")) + ", and the policy admits only a placement that is the narrowest for "
          + "every resource at once");
      fixes.add("use the best-effort policy, which admits the wider placement");
      return;
    }
    if (widest == 1) {
      List<Integer> common = new ArrayList<>(demands.get(0).singleNodes());
      demands.forEach(demand -> common.retainAll(demand.singleNodes()));
      if (!common.isEmpty()) {
        return; // some node has room for all: the resources do not conflict
      }
      causes.add("each fits on one NUMA node, but no NUMA node has room for all of them: " + demands.stream()
          .map(demand -> demand.resource() + " fits on " + nodeList(demand.singleNodes()))
          .collect(Collectors.joining(", ")));
      for (Demand demand : demands) {
        for (Demand other : demands) {
          for (int node : other.singleNodes()) {
            if (!demand.singleNodes().contains(node)) {
              long missing = demand.request() - demand.free().getOrDefault(node, 0L);
              String fix = "free " + amount(demand.resource(), missing) + " of " + demand.resource() + " on NUMA node "
                  + node;
              if (!fixes.contains(fix)) {
                fixes.add(fix);
              }
            }
          }
        }
      }
    } else {
      causes.add("each fits on NUMA nodes of its own, but not all on the same ones");
    }
  }

  private List<Demand> demands(Pod pod, Optional<Container> container, NodeState state) {
    List<Demand> demands = new ArrayList<>();
    if (managers.cpuPolicy() instanceof StaticPolicy policy) {
      long request = container.map(c -> policy.guaranteedCpus(pod, c)).orElseGet(() -> policy.podGuaranteedCpus(pod));
      if (request > 0) {
        CpuSet available = policy.availableCpus(state.cpu());
        SortedMap<Integer, Long> free = new TreeMap<>();
        SortedMap<Integer, Long> capacity = new TreeMap<>();
        SortedMap<Integer, Long> sizes = new TreeMap<>();
        for (int node : managers.machine().numaNodeIds()) {
          CpuSet cpus = policy.topology().cpusInNumaNode(node);
          if (!cpus.isEmpty()) {
            free.put(node, (long) cpus.intersectionSize(available));
            capacity.put(node, (long) cpus.difference(policy.reservedCpus()).size());
            sizes.put(node, (long) cpus.size());
          }
        }
        demands.add(new Demand(CPU, request, free, capacity, sizes));
      }
    }
    if (managers.memoryPolicy() instanceof StaticMemoryPolicy policy) {
      memoryDemands(policy, pod, container, state, demands);
    }
    deviceDemands(pod, container, state, demands);
    return demands;
  }

  /** Each device plugin resource with topology the pod (or the container) asks for: available and all devices by node. */
  private void deviceDemands(Pod pod, Optional<Container> container, NodeState state, List<Demand> demands) {
    DeviceManager devices = managers.deviceManager();
    SortedMap<String, Long> requests = container.map(c -> devices.containerRequests(state.devices(), c))
        .orElseGet(() -> devices.podRequests(state.devices(), pod));
    requests.forEach((resource, request) -> {
      if (request <= 0 || !devices.hasTopologyAlignment(resource)) {
        return;
      }
      SortedMap<Integer, Long> free = new TreeMap<>();
      SortedMap<Integer, Long> capacity = new TreeMap<>();
      managers.machine().numaNodeIds().forEach(node -> {
        free.put(node, 0L);
        capacity.put(node, 0L);
      });
      Set<String> available = devices.available(state.devices(), resource);
      for (Device device : managers.machine().devicesOf(resource)) {
        device.numaNode().filter(capacity::containsKey).ifPresent(node -> {
          capacity.merge(node, 1L, Long::sum);
          if (available.contains(device.id())) {
            free.merge(node, 1L, Long::sum);
          }
        });
      }
      demands.add(new Demand(resource, request, free, capacity));
    });
  }

  private void memoryDemands(StaticMemoryPolicy policy, Pod pod, Optional<Container> container, NodeState state,
      List<Demand> demands) {
    SortedMap<String, Long> requests;
    try {
      requests = container.map(c -> policy.containerRequests(pod, c)).orElseGet(() -> policy.podRequests(pod));
    } catch (MemoryManagerException e) {
      return;
    }
    requests.forEach((type, request) -> {
      if (request > 0) {
        SortedMap<Integer, Long> free = new TreeMap<>();
        SortedMap<Integer, Long> capacity = new TreeMap<>();
        for (int node : managers.machine().numaNodeIds()) {
          Optional<MemoryTable> table = state.memory().machineState().table(node, type);
          free.put(node, table.map(MemoryTable::free).orElse(0L));
          capacity.put(node, table.map(MemoryTable::allocatable).orElse(0L));
        }
        demands.add(new Demand(type, request, free, capacity));
      }
    });
  }

  private static Optional<Container> containerNamed(Pod pod, String name) {
    return pod.initAndAppContainers().stream().filter(container -> container.name().equals(name)).findFirst();
  }

  // --- the other reasons -----------------------------------------------------------------------

  private static RejectionCause smt(SmtAlignmentError smt) {
    long requested = smt.requestedCpus();
    long perCore = smt.cpusPerCore();
    if (!smt.causedByPhysicalCpus()) {
      return new RejectionCause(List.of("full-pcpus-only hands out whole cores only: " + amount(CPU, requested)
          + " is not a whole number of cores of " + perCore + " threads"), List.of());
    }
    long available = smt.availablePhysicalCpus();
    long cores = (requested - available + perCore - 1) / perCore;
    return new RejectionCause(List.of("full-pcpus-only needs " + requested / perCore + " wholly free cores ("
            + amount(CPU, requested) + "); the node has " + available / perCore + " (" + amount(CPU, available)
            + " on cores whose every thread is free)"),
        List.of("free " + cores + (cores == 1 ? " whole core" : " whole cores") + " (" + amount(CPU, cores * perCore)
            + ")"));
  }

  private RejectionCause unexpected(Pod pod, Admission admission, UnexpectedAdmissionError error) {
    if (error instanceof NotEnoughCpusError cpus) {
      return new RejectionCause(List.of("cpu: the CPU Manager needed " + amount(CPU, cpus.requested()) + " and found "
          + amount(CPU, cpus.available()) + " free on the node (after the Topology Manager had admitted the pod)"),
          List.of("free " + amount(CPU, cpus.requested() - cpus.available()) + " on the node"));
    }
    if (error instanceof DevicesUnavailableError devices) {
      String resource = devices.resource();
      return new RejectionCause(List.of(resource + ": the Device Manager needed " + amount(resource, devices.requested())
          + " and found " + amount(resource, devices.available()) + " free on the node (after the Topology Manager had"
          + " admitted the pod)"), List.of("free " + amount(resource, devices.requested() - devices.available())
          + " of " + resource + " on the node"));
    }
    if (error instanceof MemoryManagerError) {
      if (managers.machine().hasNoMemoryInformation()) {
        return new RejectionCause(List.of("the machine has no memory information, so the Static memory policy has "
            + "no memory to place"), List.of("give the machine its memory, or use memoryManagerPolicy None"));
      }
      Optional<Container> container = admission.trace().merges().stream().reduce((first, second) -> second)
          .flatMap(MergeTrace::container).flatMap(name -> containerNamed(pod, name));
      List<String> causes = new ArrayList<>();
      causes.add("the Memory Manager could not place the memory once the Topology Manager had admitted the pod");
      List<String> fixes = new ArrayList<>();
      for (Demand demand : demands(pod, container, admission.state())) {
        if (!Resources.isMemoryKind(demand.resource())) {
          continue;
        }
        causes.add(demand.resource() + ": needs " + amount(demand.resource(), demand.request()) + "; free by NUMA node: "
            + demand.freeText());
        if (!demand.fitsAlone() && demand.width() > 0) {
          List<Integer> roomiest = demand.roomiest(demand.width());
          fixes.add("free " + amount(demand.resource(), demand.request() - demand.freeOn(roomiest)) + " of "
              + demand.resource() + " on NUMA " + nodeList(roomiest));
        }
      }
      return new RejectionCause(causes, fixes);
    }
    return restated(error); // an UntypedAllocationError: its text is all there is
  }

  private static RejectionCause validation(PodLevelResourcesValidationError invalid) {
    String resource = invalid.resource();
    return switch (invalid.problem()) {
      case BUDGET_LACKS_RESOURCE -> new RejectionCause(List.of("the pod sets pod-level resources without "
              + resource + ": with pod-level resources, spec.resources must give both cpu and memory requests and "
              + "limits"),
          List.of("set spec.resources requests and limits of " + resource));
      case CONTAINERS_OUTSIDE_BUDGET -> new RejectionCause(List.of("containers ask for " + resource + ", which the "
              + "pod's budget (spec.resources) does not include"),
          List.of("add " + resource + " to spec.resources requests and limits, at least what the containers ask for "
              + "together"));
      case AGGREGATE_EXCEEDS_BUDGET -> new RejectionCause(List.of("the containers together ask for "
              + invalid.aggregated().orElseThrow() + " of " + resource + ", more than the pod's budget of "
              + invalid.budget().orElseThrow()),
          List.of("raise spec.resources " + resource + " to at least " + invalid.aggregated().orElseThrow()
              + ", or lower the containers' requests"));
    };
  }

  // --- words -----------------------------------------------------------------------------------

  static String amount(String resource, long value) {
    if (resource.equals(CPU)) {
      return value + (value == 1 ? " CPU" : " CPUs");
    }
    return Resources.isMemoryKind(resource) ? ByteSizes.format(value) : value + (value == 1 ? " device" : " devices");
  }

  private static String nodes(int count) {
    return count == 1 ? "1 NUMA node" : count + " NUMA nodes";
  }

  private static String nodeList(List<Integer> nodes) {
    return nodes.size() == 1 ? "node " + nodes.get(0)
        : "nodes " + nodes.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }
}
