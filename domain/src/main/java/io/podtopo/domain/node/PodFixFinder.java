package io.podtopo.domain.node;

import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.InvalidQuantityException;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Finds the changes to a rejected pod that make the node admit it, each checked by admitting the
 * changed pod on the state the rejection started from: a fix shown is a fix that works (issue 24).
 *
 * <p>What can change: a pod-level pod in pod scope its budget ({@code spec.resources}) and its
 * containers' requests; any other pod the containers' requests (the failing container's alone when
 * the trace names it). For each resource asked for the amounts nearest to the request are tried,
 * fewer and more, whole CPUs, whole devices, memory in round steps, and the amounts the NUMA nodes
 * have free (one node, the two roomiest, ...); the nearest that is admitted in each direction is kept.
 * Only where no single change is admitted are two or three changes tried together. The fixes come
 * smallest first: single changes before combined ones, each by its relative size. At most
 * {@value #TRIALS} admissions are tried per rejection; a finder serves one rejection.
 */
final class PodFixFinder {

  /** How many amounts are tried per resource and direction, nearest first. */
  private static final int NEAREST = 8;
  /** How many amounts of each resource enter the combinations of changes. */
  private static final int COMBINED = 3;
  /**
   * The most admissions one rejection may try: an explanation stays quick on a node with many
   * resources and containers, and a fix not found within it is not suggested.
   */
  private static final int TRIALS = 150;
  /** A CPU amount that is not whole, for the pods no whole amount fits: 100m below the request. */
  private static final long SHARED_STEP = 100;
  /** The largest relative change suggested beside a smaller one: doubling or halving an amount. */
  private static final double FAR = 1.0;
  private static final long MI = 1L << 20;
  private static final long GI = 1L << 30;

  private final NodeResourceManagers managers;
  private int trials;

  PodFixFinder(NodeResourceManagers managers) {
    this.managers = managers;
  }

  /** The working fixes of {@code pod} rejected from {@code state}, smallest first. */
  List<PodFix> find(Pod pod, NodeState state, Optional<Container> failing) {
    if (managers.admit(state, pod).admitted()) {
      return List.of(); // refused for a reason outside these managers and this state: no change is shown to work
    }
    List<Knob> knobs = knobs(pod, failing);
    List<PodFix> fixes = find(pod, state, knobs, false);
    return fixes.isEmpty() ? find(pod, state, knobs, true) : fixes;
  }

  /**
   * The fixes among the knobs' nearest amounts; with {@code shared} a CPU amount is the one just
   * below the request that is not whole (the pod or container then gets no exclusive CPUs), tried
   * only where no whole amount works.
   */
  private List<PodFix> find(Pod pod, NodeState state, List<Knob> knobs, boolean shared) {
    List<List<PodChange>> options = new ArrayList<>();
    for (Knob knob : knobs) {
      if (shared && knob.resource().equals("cpu")) {
        if (knob.amount() > SHARED_STEP) {
          options.add(List.of(new PodChange(knob.container(), knob.resource(), knob.amount(),
              (knob.amount() - 1) / SHARED_STEP * SHARED_STEP)));
        }
        continue;
      }
      options.add(candidates(knob, state, true));
      options.add(candidates(knob, state, false));
    }
    List<PodFix> fixes = new ArrayList<>();
    for (List<PodChange> option : options) {
      for (PodChange change : option) {
        PodFix fix = new PodFix(List.of(change));
        if (admits(fix, pod, state)) {
          fixes.add(fix);
          break;
        }
      }
    }
    if (fixes.isEmpty()) {
      fixes.addAll(combined(pod, state, options));
    }
    fixes.sort(Comparator.comparingDouble(PodFix::size));
    if (!fixes.isEmpty()) {
      // a change many times the smallest (eleven times the memory, so that it too needs two nodes) is no advice
      double most = Math.max(FAR, fixes.get(0).size());
      fixes.removeIf(fix -> fix.size() > most);
    }
    return fixes;
  }

  private boolean admits(PodFix fix, Pod pod, NodeState state) {
    if (trials >= TRIALS) {
      return false;
    }
    trials++;
    return managers.admit(state, fix.applyTo(pod)).admitted();
  }

  /** Two, then three, resources changed together, each by one of its nearest amounts. */
  private List<PodFix> combined(Pod pod, NodeState state, List<List<PodChange>> options) {
    List<List<PodChange>> nearest = options.stream().filter(option -> !option.isEmpty())
        .map(option -> option.subList(0, Math.min(COMBINED, option.size()))).toList();
    for (int size = 2; size <= Math.min(3, nearest.size()); size++) {
      List<PodFix> found = new ArrayList<>();
      combine(nearest, size, 0, new ArrayList<>(), pod, state, found);
      if (!found.isEmpty()) {
        return found;
      }
    }
    return List.of();
  }

  private void combine(List<List<PodChange>> nearest, int size, int from, List<PodChange> chosen, Pod pod,
      NodeState state, List<PodFix> found) {
    if (chosen.size() == size) {
      PodFix fix = new PodFix(chosen);
      if (admits(fix, pod, state)) {
        found.add(fix);
      }
      return;
    }
    for (int i = from; i < nearest.size(); i++) {
      List<PodChange> option = nearest.get(i);
      if (chosen.stream().anyMatch(c -> c.container().equals(option.get(0).container())
          && c.resource().equals(option.get(0).resource()))) {
        continue; // one amount per resource and place: the fewer and the more of one are not combined
      }
      for (PodChange change : option) {
        chosen.add(change);
        combine(nearest, size, i + 1, chosen, pod, state, found);
        chosen.remove(chosen.size() - 1);
        if (!found.isEmpty()) {
          return;
        }
      }
    }
  }

  /** One resource of the budget or of one container, and the amount asked for now. */
  private record Knob(Optional<String> container, String resource, long amount) {}

  private List<Knob> knobs(Pod pod, Optional<Container> failing) {
    List<Knob> knobs = new ArrayList<>();
    boolean podBudget = pod.managedAtPodLevel(managers.config().featureGates())
        && managers.config().topologyManagerScope() == TopologyManagerScope.POD;
    if (podBudget) {
      pod.podRequests().forEach((resource, quantity) -> knob(Optional.empty(), resource, quantity, knobs));
    }
    List<Container> containers = failing.filter(c -> !podBudget).map(List::of).orElseGet(pod::initAndAppContainers);
    for (Container container : containers) {
      container.requests().forEach((resource, quantity) -> knob(Optional.of(container.name()), resource, quantity,
          knobs));
    }
    return knobs;
  }

  private void knob(Optional<String> container, String resource, Quantity quantity, List<Knob> knobs) {
    if (quantity.isZero()) {
      return;
    }
    if (resource.equals("cpu")) {
      knobs.add(new Knob(container, resource, quantity.milliValue()));
    } else if (Resources.isMemoryKind(resource) || managers.deviceManager().hasTopologyAlignment(resource)) {
      knobs.add(new Knob(container, resource, quantity.value()));
    }
  }

  /** The amounts to try for a knob in one direction, nearest first. */
  private List<PodChange> candidates(Knob knob, NodeState state, boolean fewer) {
    long step = step(knob);
    long most = most(knob);
    SortedSet<Long> amounts = new TreeSet<>();
    long amount = fewer ? Math.floorDiv(knob.amount() - 1, step) * step : (Math.floorDiv(knob.amount(), step) + 1) * step;
    for (int i = 0; i < NEAREST && amount > 0 && amount <= most; i++) {
      amounts.add(amount);
      amount += fewer ? -step : step;
    }
    long sum = 0;
    for (long free : freeByNode(knob.resource(), state)) {
      sum += free;
      long rounded = Math.floorDiv(sum, step) * step;
      if (rounded > 0 && (fewer ? rounded < knob.amount() : rounded > knob.amount())) {
        amounts.add(rounded);
      }
    }
    return amounts.stream().sorted(Comparator.comparingLong(a -> Math.abs(a - knob.amount())))
        .map(a -> new PodChange(knob.container(), knob.resource(), knob.amount(), a)).toList();
  }

  /** Whole CPUs, whole devices, a page of hugepages, memory in 1Gi steps (64Mi below 2Gi). */
  private static long step(Knob knob) {
    if (knob.resource().equals("cpu")) {
      return 1000;
    }
    if (Resources.isHugepages(knob.resource())) {
      try {
        return Math.max(1, Quantity.parse(knob.resource().substring(Resources.HUGEPAGES_PREFIX.length())).value());
      } catch (InvalidQuantityException e) {
        return 1; // a size the validation refuses anyway
      }
    }
    if (Resources.isMemoryKind(knob.resource())) {
      return knob.amount() >= 2 * GI ? GI : 64 * MI;
    }
    return 1;
  }

  /** The most of a resource the machine has: an amount beyond it cannot be a fix. */
  private long most(Knob knob) {
    if (knob.resource().equals("cpu")) {
      return managers.machine().cpus().size() * 1000L;
    }
    if (Resources.isMemoryKind(knob.resource())) {
      return Long.MAX_VALUE;
    }
    return managers.machine().devicesOf(knob.resource()).size();
  }

  /** What each NUMA node has free of a resource, roomiest first (CPUs in millicores). */
  private List<Long> freeByNode(String resource, NodeState state) {
    List<Long> free = new ArrayList<>();
    if (resource.equals("cpu")) {
      if (managers.cpuPolicy() instanceof StaticPolicy policy) {
        CpuSet available = policy.availableCpus(state.cpu());
        for (int node : managers.machine().numaNodeIds()) {
          free.add(1000L * policy.topology().cpusInNumaNode(node).intersectionSize(available));
        }
      }
    } else if (Resources.isMemoryKind(resource)) {
      for (int node : managers.machine().numaNodeIds()) {
        state.memory().machineState().table(node, resource).map(MemoryTable::free).ifPresent(free::add);
      }
    } else {
      Map<Integer, Long> byNode = new TreeMap<>();
      Set<String> available = managers.deviceManager().available(state.devices(), resource);
      managers.machine().devicesOf(resource).forEach(device -> device.numaNode()
          .filter(node -> available.contains(device.id())).ifPresent(node -> byNode.merge(node, 1L, Long::sum)));
      free.addAll(byNode.values());
    }
    free.sort(Comparator.reverseOrder());
    return free;
  }
}
