package io.podtopo.domain.node;

import io.podtopo.domain.admission.DevicesUnavailableError;
import io.podtopo.domain.admission.NotEnoughCpusError;
import io.podtopo.domain.admission.PodLevelResourcesValidationError;
import io.podtopo.domain.admission.SmtAlignmentError;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.PoolFinding;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.pod.SharedContainersWithoutPool;
import io.podtopo.domain.pod.SharedInitWithoutPool;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.text.ByteSizes;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The English of a rejection's explanation ({@link RejectionExplainer}): every sentence it says, from
 * typed causes, pod shared pool findings and NUMA demands; the amounts in the units a user writes
 * ({@code 3 CPUs}, {@code 2Gi}, {@code 1 device}). The explainer and {@link PlacementExplanation}
 * decide what to say; only this class words it.
 */
final class RejectionText {

  private RejectionText() {}

  // --- words -----------------------------------------------------------------------------------

  /** {@code 1 CPU}, {@code 3 CPUs}; {@code 2Gi} of memory or hugepages; {@code 1 device}, {@code 2 devices}. */
  static String amount(String resource, long value) {
    if (resource.equals(Resources.CPU)) {
      return value + (value == 1 ? " CPU" : " CPUs");
    }
    return Resources.isMemoryKind(resource) ? ByteSizes.format(value) : value + (value == 1 ? " device" : " devices");
  }

  static String nodes(int count) {
    return count == 1 ? "1 NUMA node" : count + " NUMA nodes";
  }

  static String nodeList(List<Integer> nodes) {
    return nodes.size() == 1 ? "node " + nodes.get(0)
        : "nodes " + nodes.stream().map(String::valueOf).collect(Collectors.joining(", "));
  }

  /**
   * What is free per NUMA node, consecutive nodes with the same amount as one run:
   * {@code 0: 1 CPU, 1-63: 8 CPUs each}.
   */
  static String freeByNode(NumaDemand demand) {
    List<String> runs = new ArrayList<>();
    List<Map.Entry<Integer, Long>> entries = List.copyOf(demand.free().entrySet());
    int start = 0;
    for (int i = 1; i <= entries.size(); i++) {
      if (i == entries.size() || !entries.get(i).getValue().equals(entries.get(start).getValue())
          || entries.get(i).getKey() != entries.get(i - 1).getKey() + 1) {
        int first = entries.get(start).getKey();
        int last = entries.get(i - 1).getKey();
        runs.add((first == last ? first + "" : first + "-" + last) + ": "
            + amount(demand.resource(), entries.get(start).getValue()) + (first == last ? "" : " each"));
        start = i;
      }
    }
    return String.join(", ", runs);
  }

  // --- the typed causes ------------------------------------------------------------------------

  /** {@code SMTAlignmentError}: whole cores only, or not enough wholly free cores and how many to free. */
  static RejectionCause smtAlignment(SmtAlignmentError smt) {
    long requested = smt.requestedCpus();
    long perCore = smt.cpusPerCore();
    if (!smt.causedByPhysicalCpus()) {
      return new RejectionCause(List.of("full-pcpus-only hands out whole cores only: "
          + amount(Resources.CPU, requested) + " is not a whole number of cores of " + perCore + " threads"),
          List.of());
    }
    long available = smt.availablePhysicalCpus();
    long cores = (requested - available + perCore - 1) / perCore;
    return new RejectionCause(List.of("full-pcpus-only needs " + requested / perCore + " wholly free cores ("
            + amount(Resources.CPU, requested) + "); the node has " + available / perCore + " ("
            + amount(Resources.CPU, available) + " on cores whose every thread is free)"),
        List.of("free " + cores + (cores == 1 ? " whole core" : " whole cores") + " ("
            + amount(Resources.CPU, cores * perCore) + ")"));
  }

  /** The CPU Manager found fewer CPUs than it needed, after the Topology Manager had admitted the pod. */
  static RejectionCause notEnoughCpus(NotEnoughCpusError cpus) {
    return new RejectionCause(List.of("cpu: the CPU Manager needed " + amount(Resources.CPU, cpus.requested())
            + " and found " + amount(Resources.CPU, cpus.available()) + " free on the node (after the Topology "
            + "Manager had admitted the pod)"),
        List.of("free " + amount(Resources.CPU, cpus.requested() - cpus.available()) + " on the node"));
  }

  /** The Device Manager found fewer devices than it needed, after the Topology Manager had admitted the pod. */
  static RejectionCause devicesUnavailable(DevicesUnavailableError devices) {
    String resource = devices.resource();
    return new RejectionCause(List.of(resource + ": the Device Manager needed " + amount(resource, devices.requested())
            + " and found " + amount(resource, devices.available()) + " free on the node (after the Topology Manager "
            + "had admitted the pod)"),
        List.of("free " + amount(resource, devices.requested() - devices.available()) + " of " + resource
            + " on the node"));
  }

  /** {@code PodLevelResourcesValidationError}: what the budget lacks or what to raise. */
  static RejectionCause podLevelValidation(PodLevelResourcesValidationError invalid) {
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

  /** What the behaviour did at a quirk (ADR 0008): {@code Q-x (D-n): <behaviour>}. */
  static String quirk(KubeletQuirk quirk, boolean kubelet) {
    return quirk.label() + ": " + (kubelet ? quirk.kubeletBehaviour() : quirk.specBehaviour());
  }

  /** What the corrected behaviour does instead at a quirk. */
  static String correctedBehaviour(KubeletQuirk quirk) {
    return "the corrected behaviour (behaviour spec) decides: " + quirk.specBehaviour();
  }

  // --- the pod shared pool ---------------------------------------------------------------------

  /**
   * A finding of {@link io.podtopo.domain.pod.PodSharedPool#sharedContainersWithout}: a shared init
   * container after sidecars taking the whole budget, or the long-running containers on the pool.
   */
  static String sharedPool(PoolFinding finding) {
    String resource = finding.resource();
    if (finding instanceof SharedInitWithoutPool init) {
      return resource + ": init container " + init.container() + " has no " + resource + " of its own and runs on "
          + "the pod shared pool, but the sidecars started before it (" + takes(resource, init.sidecars())
          + ") take the whole budget of " + amount(resource, init.budget());
    }
    SharedContainersWithoutPool longRunning = (SharedContainersWithoutPool) finding;
    return resource + ": the pod's budget (spec.resources) is " + amount(resource, longRunning.budget())
        + "; its exclusive containers take " + amount(resource, longRunning.exclusiveTotal()) + " ("
        + takes(resource, longRunning.exclusive()) + "), which leaves nothing for "
        + String.join(", ", longRunning.sharing()) + " on the pod shared pool";
  }

  /**
   * Containers with what each takes: {@code proxy 1 CPU, main 3 CPUs}. Never none: a budget above 0 is
   * taken whole only by some container.
   */
  private static String takes(String resource, List<Map.Entry<String, Long>> takes) {
    return takes.stream().map(take -> take.getKey() + " " + amount(resource, take.getValue()))
        .collect(Collectors.joining(", "));
  }

  // --- NUMA placement --------------------------------------------------------------------------

  /** Who failed to be placed: {@code container c2}, or {@code the pod} in pod scope. */
  static String who(Optional<Container> container) {
    return container.map(c -> "container " + c.name()).orElse("the pod");
  }

  /** {@code cpu: the pod needs 3 CPUs}. */
  static String needs(String who, NumaDemand demand) {
    return demand.resource() + ": " + who + " needs " + amount(demand.resource(), demand.request());
  }

  /** {@code needs} on its narrowest nodes, with what each node has free. */
  static String needsOnNodes(String who, NumaDemand demand) {
    return needs(who, demand) + " on " + nodes(demand.width()) + " (the fewest that can hold it); free by NUMA node: "
        + freeByNode(demand);
  }

  /** More than the NUMA nodes can ever give pods; for CPUs, the {@code reserved} ones named. */
  static String moreThanAllNodes(String who, NumaDemand demand, CpuSet reserved) {
    String reservedNote = !demand.resource().equals(Resources.CPU) || reserved.isEmpty() ? ""
        : "; CPUs " + reserved + " are reserved";
    return needs(who, demand) + ", more than all NUMA nodes together can give to pods ("
        + amount(demand.resource(), demand.capacityOf(demand.capacity().size())) + reservedNote + ")";
  }

  static String biggerNode(NumaDemand demand, long machineHas) {
    return "run the pod on a node with at least " + amount(demand.resource(), demand.request()) + of(demand)
        + " (this one has " + amount(demand.resource(), machineHas) + ")";
  }

  static String reserveFewerCpus() {
    return "reserve fewer CPUs (the kubelet configuration's reservedSystemCPUs, or kubeReserved and systemReserved "
        + "cpu)";
  }

  static String singleNumaNodeGivesAtMost(NumaDemand demand, long largest) {
    return "single-numa-node admits only what fits on one NUMA node, and a NUMA node gives pods at most "
        + amount(demand.resource(), largest);
  }

  static String severalNodesPolicy() {
    return "use the restricted or best-effort policy, which admit a placement on several NUMA nodes";
  }

  /** How much more to free on {@code nodes}, and how much of the request is free there. */
  static String freeOnNodes(NumaDemand demand, List<Integer> nodes) {
    long missing = demand.request() - demand.freeOn(nodes);
    return "free " + amount(demand.resource(), missing) + of(demand) + " on NUMA " + nodeList(nodes) + " ("
        + amount(demand.resource(), demand.freeOn(nodes)) + " of the " + amount(demand.resource(), demand.request())
        + " are free there)";
  }

  /** Every resource fits on its own narrowest nodes, but the widest is wider than the narrowest. */
  static String widerThanTheNarrowest(List<NumaDemand> demands, int widest) {
    return demands.stream().map(demand -> demand.resource() + " needs " + nodes(demand.width()))
        .collect(Collectors.joining(", ")) + " at the fewest: a placement on " + nodes(widest) + " is wider than the "
        + "narrowest for " + demands.stream().filter(demand -> demand.width() < widest).map(NumaDemand::resource)
        .collect(Collectors.joining(", ")) + ", and the policy admits only a placement that is the narrowest for "
        + "every resource at once";
  }

  static String bestEffortPolicy() {
    return "use the best-effort policy, which admits the wider placement";
  }

  /** Each resource fits on one NUMA node, but on none together with the others. */
  static String noNodeForAll(List<NumaDemand> demands) {
    return "each fits on one NUMA node, but no NUMA node has room for all of them: " + demands.stream()
        .map(demand -> demand.resource() + " fits on " + nodeList(demand.singleNodes()))
        .collect(Collectors.joining(", "));
  }

  /** How much more of a resource to free on one NUMA node. */
  static String freeOnNode(NumaDemand demand, long missing, int node) {
    return "free " + amount(demand.resource(), missing) + " of " + demand.resource() + " on NUMA node " + node;
  }

  static String nodesOfTheirOwn() {
    return "each fits on NUMA nodes of its own, but not all on the same ones";
  }

  // --- the Memory Manager ----------------------------------------------------------------------

  /** The Static memory policy had nothing to place on a machine described without memory. */
  static RejectionCause noMemoryInformation() {
    return new RejectionCause(List.of("the machine has no memory information, so the Static memory policy has no "
        + "memory to place"), List.of("give the machine its memory, or use memoryManagerPolicy None"));
  }

  static String memoryNotPlaced() {
    return "the Memory Manager could not place the memory once the Topology Manager had admitted the pod";
  }

  /** {@code memory: needs 20Gi; free by NUMA node: 0: 1Gi, 1: 11Gi}. */
  static String memoryNeeds(NumaDemand demand) {
    return demand.resource() + ": needs " + amount(demand.resource(), demand.request()) + "; free by NUMA node: "
        + freeByNode(demand);
  }

  /** How much memory to free on {@code nodes} for the request. */
  static String freeMemoryOn(NumaDemand demand, List<Integer> nodes) {
    return "free " + amount(demand.resource(), demand.request() - demand.freeOn(nodes)) + " of " + demand.resource()
        + " on NUMA " + nodeList(nodes);
  }

  /** {@code ""} for cpu, memory and hugepages, whose amounts name them; {@code " of example.com/gpu"} for devices. */
  private static String of(NumaDemand demand) {
    return Resources.isManaged(demand.resource()) ? "" : " of " + demand.resource();
  }
}
