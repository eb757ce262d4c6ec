package io.podtopo.domain.node;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Why a pod found no room on the NUMA nodes, from its {@link NumaDemands} on the state the admission
 * started from; the words are {@link RejectionText}'s.
 *
 * <ul>
 *   <li>no NUMA placement ({@code TopologyAffinityError}): per resource (devices of device plugin
 *       resources with topology included) what the pod (or the container, in container scope) needs,
 *       on how many NUMA nodes at the narrowest, what is free on each node, and how much to free where
 *       (or which resources want different nodes);
 *   <li>the Memory Manager could not place the memory once the Topology Manager had admitted the pod
 *       (its untyped error): per memory type what is needed and what is free on each node.
 * </ul>
 */
final class PlacementExplanation {

  private final NodeResourceManagers managers;
  private final NumaDemands demands;

  PlacementExplanation(NodeResourceManagers managers) {
    this.managers = managers;
    this.demands = new NumaDemands(managers);
  }

  /**
   * Why the last merge the policy refused found no placement; empty when the trace has none, names a
   * container the pod does not have, or the pod asks nothing aligned.
   */
  Optional<RejectionCause> noPlacement(Pod pod, Admission admission) {
    Optional<MergeTrace> failed = admission.trace().lastRefusedMerge();
    if (failed.isEmpty()) {
      return Optional.empty();
    }
    Optional<Container> container = failed.get().container().flatMap(pod::container);
    if (failed.get().container().isPresent() && container.isEmpty()) {
      return Optional.empty();
    }
    List<NumaDemand> sorted = new ArrayList<>(demands.of(pod, container, admission.state()));
    if (sorted.isEmpty()) {
      return Optional.empty();
    }
    // what cannot fit at all comes first, then what does not fit alone, each in the providers' order
    sorted.sort(Comparator.comparingInt(demand -> demand.width() == 0 ? 0 : demand.fitsAlone() ? 2 : 1));
    String who = RejectionText.who(container);
    List<String> causes = new ArrayList<>();
    Set<String> fixes = new LinkedHashSet<>(); // each advice once, however many resources call for it
    boolean singleNode = managers.config().topologyManagerPolicy() == TopologyManagerPolicy.SINGLE_NUMA_NODE;
    for (NumaDemand demand : sorted) {
      int width = demand.width();
      if (width == 0) {
        causes.add(RejectionText.moreThanAllNodes(who, demand, managers.cpuPolicy().reservedCpus()));
        long machineHas = demand.sizes().values().stream().mapToLong(Long::longValue).sum();
        if (demand.request() > machineHas) {
          fixes.add(RejectionText.biggerNode(demand, machineHas));
        } else if (demand.resource().equals(Resources.CPU)) {
          fixes.add(RejectionText.reserveFewerCpus());
        }
        continue;
      }
      if (singleNode && width > 1) {
        long largest = demand.capacity().values().stream().mapToLong(Long::longValue).max().orElse(0);
        causes.add(RejectionText.needsOnNodes(who, demand));
        causes.add(RejectionText.singleNumaNodeGivesAtMost(demand, largest));
        fixes.add(RejectionText.severalNodesPolicy());
      } else if (!demand.fitsAlone()) {
        causes.add(RejectionText.needsOnNodes(who, demand));
        fixes.add(RejectionText.freeOnNodes(demand, demand.toFree(width)));
      }
    }
    if (causes.isEmpty() && sorted.size() > 1) {
      conflict(sorted, causes, fixes);
    }
    if (causes.isEmpty()) {
      // one resource that fits on its own narrowest nodes: what it needs and what is free is all there is to say
      sorted.forEach(demand -> causes.add(RejectionText.needsOnNodes(who, demand)));
    }
    return Optional.of(new RejectionCause(causes, List.copyOf(fixes)));
  }

  /** Every resource fits on its own narrowest nodes, but not all on the same: say where each fits. */
  private static void conflict(List<NumaDemand> demands, List<String> causes, Set<String> fixes) {
    int widest = demands.stream().mapToInt(NumaDemand::width).max().orElse(1);
    int narrowest = demands.stream().mapToInt(NumaDemand::width).min().orElse(1);
    if (widest > narrowest) {
      causes.add(RejectionText.widerThanTheNarrowest(demands, widest));
      fixes.add(RejectionText.bestEffortPolicy());
      return;
    }
    if (widest == 1) {
      List<Integer> common = new ArrayList<>(demands.get(0).singleNodes());
      demands.forEach(demand -> common.retainAll(demand.singleNodes()));
      if (!common.isEmpty()) {
        return; // some node has room for all: the resources do not conflict
      }
      causes.add(RejectionText.noNodeForAll(demands));
      for (NumaDemand demand : demands) {
        for (NumaDemand other : demands) {
          for (int node : other.singleNodes()) {
            if (!demand.singleNodes().contains(node)) {
              fixes.add(RejectionText.freeOnNode(demand, demand.request() - demand.free().getOrDefault(node, 0L),
                  node));
            }
          }
        }
      }
    } else {
      causes.add(RejectionText.nodesOfTheirOwn());
    }
  }

  /**
   * The Memory Manager's untyped error once the Topology Manager had admitted the pod: what each memory
   * type of the last container merged (or of the pod) needs and has free by NUMA node, and how much to
   * free on its narrowest nodes.
   */
  RejectionCause memoryNotPlaced(Pod pod, Admission admission) {
    if (managers.machine().hasNoMemoryInformation()) {
      return RejectionText.noMemoryInformation();
    }
    Optional<Container> container = admission.trace().lastMerge().flatMap(MergeTrace::container)
        .flatMap(pod::container);
    List<String> causes = new ArrayList<>();
    causes.add(RejectionText.memoryNotPlaced());
    List<String> fixes = new ArrayList<>();
    for (NumaDemand demand : demands.of(pod, container, admission.state())) {
      if (!Resources.isMemoryKind(demand.resource())) {
        continue;
      }
      causes.add(RejectionText.memoryNeeds(demand));
      if (!demand.fitsAlone() && demand.width() > 0) {
        fixes.add(RejectionText.freeMemoryOn(demand, demand.roomiest(demand.width())));
      }
    }
    return new RejectionCause(causes, fixes);
  }
}
