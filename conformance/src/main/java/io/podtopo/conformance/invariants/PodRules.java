package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.StaticPolicyException;
import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.QosClass;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the spec says a pod should get, written out from spec §3-§7 independently of the domain's own
 * eligibility code, so that the invariants can catch the domain getting it wrong: the QoS class
 * (§4.1), whether pod-level resources are set (§1), container-equivalent Guaranteed and integral CPU
 * amounts (§1, §4.3) are derived here from the pods' requests and limits; the domain's
 * {@code Pod.qosClass}, {@code Pod.isPodLevelResourcesSet}, {@code Container.isEquivalentGuaranteed},
 * {@code Quantity.isIntegral} and {@code Resources} predicates are never called. Only the domain's data
 * types (pods, containers, quantities, configurations) are read.
 */
public final class PodRules {

  private static final String CPU = "cpu";
  private static final String MEMORY = "memory";
  private static final String HUGEPAGES = "hugepages-";
  private static final List<String> QOS_RESOURCES = List.of(CPU, MEMORY);

  private PodRules() {}

  /** How the managers treat a pod (spec §3, §4.1, §5). */
  public enum Mode {
    /** Pod scope with pod-level resources, both gates on, Guaranteed: bubble and partition. */
    POD_LEVEL,
    /**
     * Container scope (or Topology Manager policy {@code none}, which allocates container by
     * container) with pod-level resources, both gates on, Guaranteed: eligible containers aligned
     * one by one from the node pool, no pod entry.
     */
    CONTAINER_LEVEL,
    /** No pod-level resources: the legacy per-container rules. */
    LEGACY,
    /** Pod-level resources with either gate off: nil hints, nothing allocated. */
    GATED_OFF,
    /** Pod-level resources, gates on, not Guaranteed by the pod stanza: nothing allocated. */
    NOT_GUARANTEED
  }

  /** Both KEP-5526 gates on. */
  public static boolean gatesOn(NodeConfig config) {
    FeatureGates gates = config.featureGates();
    return gates.enabled(FeatureGates.POD_LEVEL_RESOURCES) && gates.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS);
  }

  public static Mode mode(NodeConfig config, Pod pod) {
    if (!podLevelResourcesSet(pod)) {
      return Mode.LEGACY;
    }
    if (!gatesOn(config)) {
      return Mode.GATED_OFF;
    }
    if (qosClass(pod) != QosClass.GUARANTEED) {
      return Mode.NOT_GUARANTEED;
    }
    boolean podScope = config.topologyManagerScope() == TopologyManagerScope.POD
        && config.topologyManagerPolicy() != TopologyManagerPolicy.NONE;
    return podScope ? Mode.POD_LEVEL : Mode.CONTAINER_LEVEL;
  }

  /** Spec §1: a resource the managers handle: {@code cpu}, {@code memory} or a {@code hugepages-<size>}. */
  public static boolean managedResource(String name) {
    return CPU.equals(name) || memoryKind(name);
  }

  /** Spec §7.1: the memory kinds, {@code memory} and every {@code hugepages-<size>}. */
  public static boolean memoryKind(String name) {
    return MEMORY.equals(name) || name.startsWith(HUGEPAGES);
  }

  /**
   * Spec §1 "PLR set": {@code spec.resources} requests or limits name at least one managed resource;
   * an empty stanza, or one naming only other resources, does not count.
   */
  public static boolean podLevelResourcesSet(Pod pod) {
    return pod.podRequests().keySet().stream().anyMatch(PodRules::managedResource)
        || pod.podLimits().keySet().stream().anyMatch(PodRules::managedResource);
  }

  /**
   * Spec §4.1 with the {@code PodLevelResources} gate on. With pod-level resources set, the class comes
   * from the pod stanza alone over cpu and memory (zero counts as unset): nothing set → BestEffort;
   * cpu and memory each with request == limit, non-zero → Guaranteed; anything else → Burstable.
   * Without, it comes from the init and app containers as the kubelet's {@code ComputePodQOS} does:
   * none requesting or limiting cpu or memory → BestEffort; every container limiting both, and the
   * containers' cpu and memory requests adding up to their limits → Guaranteed; else Burstable.
   */
  public static QosClass qosClass(Pod pod) {
    if (podLevelResourcesSet(pod)) {
      Map<String, Quantity> requests = pod.podRequests();
      Map<String, Quantity> limits = pod.podLimits();
      if (QOS_RESOURCES.stream().noneMatch(r -> nonZero(requests.get(r)) || nonZero(limits.get(r)))) {
        return QosClass.BEST_EFFORT;
      }
      boolean pinned = QOS_RESOURCES.stream().allMatch(r -> pinnedEqual(requests.get(r), limits.get(r)));
      return pinned ? QosClass.GUARANTEED : QosClass.BURSTABLE;
    }
    List<Container> containers = pod.initAndAppContainers();
    boolean anything = containers.stream().anyMatch(c -> QOS_RESOURCES.stream()
        .anyMatch(r -> nonZero(c.requests().get(r)) || nonZero(c.limits().get(r))));
    if (!anything) {
      return QosClass.BEST_EFFORT;
    }
    boolean everyLimitSet = containers.stream().allMatch(c -> QOS_RESOURCES.stream()
        .allMatch(r -> nonZero(c.limits().get(r))));
    if (!everyLimitSet) {
      return QosClass.BURSTABLE;
    }
    for (String resource : QOS_RESOURCES) {
      BigDecimal requested = BigDecimal.ZERO;
      BigDecimal limited = BigDecimal.ZERO;
      for (Container container : containers) {
        requested = requested.add(amount(container.requests().get(resource)));
        limited = limited.add(amount(container.limits().get(resource)));
      }
      if (requested.compareTo(limited) != 0) {
        return QosClass.BURSTABLE;
      }
    }
    return QosClass.GUARANTEED;
  }

  /**
   * Spec §1 "container-equivalent Guaranteed": cpu request == cpu limit, both non-zero, and memory
   * request == memory limit, both non-zero; hugepages play no role.
   */
  public static boolean equivalentGuaranteed(Container container) {
    return QOS_RESOURCES.stream().allMatch(r -> pinnedEqual(container.requests().get(r), container.limits().get(r)));
  }

  /** Upstream's integral cpu test ({@code Value()*1000 == MilliValue()}): a whole number of CPUs. */
  public static boolean integral(Quantity quantity) {
    return amount(quantity).remainder(BigDecimal.ONE).signum() == 0;
  }

  private static BigDecimal amount(Quantity quantity) {
    return quantity == null ? BigDecimal.ZERO : quantity.amount();
  }

  private static boolean nonZero(Quantity quantity) {
    return amount(quantity).signum() != 0;
  }

  private static boolean pinnedEqual(Quantity request, Quantity limit) {
    return nonZero(request) && amount(request).compareTo(amount(limit)) == 0;
  }

  public static boolean cpuStatic(NodeConfig config) {
    return config.cpuManagerPolicy() == CpuManagerPolicy.STATIC;
  }

  /** The static policy options the configuration names (the defaults when they do not parse). */
  public static StaticPolicyOptions cpuOptions(NodeConfig config) {
    try {
      return StaticPolicyOptions.parse(config.cpuManagerPolicyOptions(), config.featureGates());
    } catch (StaticPolicyException e) {
      return StaticPolicyOptions.defaults();
    }
  }

  public static boolean memoryStatic(NodeConfig config) {
    return config.memoryManagerPolicy() == MemoryManagerPolicy.STATIC;
  }

  /** Pod scope, pod-level resources, gates on, Guaranteed, CPU static: the pod should have a bubble iff its budget is integral. */
  public static boolean podLevelCpu(NodeConfig config, Pod pod) {
    return cpuStatic(config) && mode(config, pod) == Mode.POD_LEVEL;
  }

  public static boolean podLevelMemory(NodeConfig config, Pod pod) {
    return memoryStatic(config) && mode(config, pod) == Mode.POD_LEVEL && !podMemoryBudget(pod).isEmpty();
  }

  /** The pod CPU budget: the pod cpu request when integral, else 0 (spec §6.1). */
  public static long podCpuBudget(Pod pod) {
    Quantity cpu = pod.podRequests().get(CPU);
    return cpu != null && integral(cpu) ? cpu.value() : 0;
  }

  public static boolean fractionalCpuBudget(Pod pod) {
    Quantity cpu = pod.podRequests().get(CPU);
    return nonZero(cpu) && !integral(cpu);
  }

  /** The pod memory budget: memory and hugepages pod requests in bytes, zero ones dropped (spec §7.1). */
  public static SortedMap<String, Long> podMemoryBudget(Pod pod) {
    return memoryOf(pod.podRequests());
  }

  /** A container's memory and hugepages requests in bytes, zero ones dropped. */
  public static SortedMap<String, Long> containerMemory(Container container) {
    return memoryOf(container.requests());
  }

  private static SortedMap<String, Long> memoryOf(Map<String, Quantity> requests) {
    SortedMap<String, Long> memory = new TreeMap<>();
    requests.forEach((name, quantity) -> {
      if (memoryKind(name) && nonZero(quantity)) {
        memory.put(name, quantity.bytes());
      }
    });
    return memory;
  }

  /** The container's cpu request in whole CPUs (0 when absent or fractional). */
  public static long cpus(Container container) {
    Quantity cpu = container.requests().get(CPU);
    return cpu != null && integral(cpu) ? cpu.value() : 0;
  }

  /** Spec §4.3: exclusive CPUs need cpu and memory request == limit > 0 and an integral cpu amount. */
  public static boolean cpuEligible(Container container) {
    return equivalentGuaranteed(container) && integral(container.requests().get(CPU));
  }

  /** Whether the container should hold exclusive CPUs (isolation level {@code container}). */
  public static boolean cpuExclusive(NodeConfig config, Pod pod, Container container) {
    if (!cpuStatic(config) || isEphemeral(pod, container.name())) {
      return false;
    }
    return switch (mode(config, pod)) {
      case POD_LEVEL -> podCpuBudget(pod) > 0 && cpuEligible(container);
      case CONTAINER_LEVEL -> cpuEligible(container);
      case LEGACY -> qosClass(pod) == QosClass.GUARANTEED && cpus(container) > 0;
      case GATED_OFF, NOT_GUARANTEED -> false;
    };
  }

  /** Whether the container should hold exclusive memory blocks of its own requests. */
  public static boolean memoryExclusive(NodeConfig config, Pod pod, Container container) {
    if (!memoryStatic(config) || isEphemeral(pod, container.name())) {
      return false;
    }
    return switch (mode(config, pod)) {
      case POD_LEVEL, CONTAINER_LEVEL -> equivalentGuaranteed(container);
      case LEGACY -> qosClass(pod) == QosClass.GUARANTEED && !containerMemory(container).isEmpty();
      case GATED_OFF, NOT_GUARANTEED -> false;
    };
  }

  /**
   * Whether the KEP-753 aggregate of the container requests (the larger of the largest standard init
   * container plus the sidecars before it, and all app containers plus all sidecars) exceeds the pod
   * request for cpu or a memory type of the pod budget: the pods this project rejects before any hint
   * is asked (spec §14-Q4, reason {@code PodLevelResourcesValidationError}).
   */
  public static boolean aggregateExceedsBudget(Pod pod) {
    for (Map.Entry<String, Quantity> budget : pod.podRequests().entrySet()) {
      if (!managedResource(budget.getKey())) {
        continue;
      }
      Quantity sidecars = Quantity.ZERO;
      Quantity largestInit = Quantity.ZERO;
      for (Container init : pod.initContainers()) {
        Quantity request = init.request(budget.getKey()).orElse(Quantity.ZERO);
        if (init.restartable()) {
          sidecars = sidecars.plus(request);
        } else {
          largestInit = largestInit.max(sidecars.plus(request));
        }
      }
      Quantity apps = Quantity.ZERO;
      for (Container app : pod.containers()) {
        apps = apps.plus(app.request(budget.getKey()).orElse(Quantity.ZERO));
      }
      if (largestInit.max(apps.plus(sidecars)).compareTo(budget.getValue()) > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether KEP-2837's per-resource rule makes the pod Guaranteed while the pod stanza alone does not
   * (cpu or memory missing from {@code spec.resources}, taken from pinned containers): spec §14-Q2/Q3,
   * such pods are rejected by decision rather than treated as non-Guaranteed.
   */
  public static boolean guaranteedOnlyByKepRule(Pod pod) {
    if (qosClass(pod) == QosClass.GUARANTEED) {
      return false;
    }
    for (String resource : QOS_RESOURCES) {
      Quantity request = pod.podRequests().get(resource);
      Quantity limit = pod.podLimits().get(resource);
      boolean set = nonZero(request) || nonZero(limit);
      if (set && !pinnedEqual(request, limit)) {
        return false;
      }
      if (!set && (pod.initAndAppContainers().isEmpty() || !pod.initAndAppContainers().stream().allMatch(c ->
          pinnedEqual(c.requests().get(resource), c.limits().get(resource))))) {
        return false;
      }
    }
    return true;
  }

  /** Long-running containers: sidecars (restartable init containers) then app containers. */
  public static List<Container> longRunning(Pod pod) {
    List<Container> containers = new ArrayList<>();
    pod.initContainers().stream().filter(Container::restartable).forEach(containers::add);
    containers.addAll(pod.containers());
    return containers;
  }

  /**
   * Whether the admission was refused by the kubelet's resource-fit predicate ({@code OutOf<resource>}),
   * which weighs the pod's requests against the node's allocatable after the resource managers admitted
   * it: a full node, not a decision of the managers the invariants are about.
   */
  public static boolean refusedByResourceFit(io.podtopo.domain.node.Admission outcome) {
    return !outcome.admitted() && outcome.reason().filter(reason -> reason.startsWith("OutOf")).isPresent();
  }

  /** Whether a container of the pod has a limit of a device plugin resource the machine advertises. */
  public static boolean asksForDevices(io.podtopo.domain.topology.Machine machine, Pod pod) {
    return pod.initAndAppContainers().stream()
        .anyMatch(container -> container.limits().keySet().stream().anyMatch(machine.deviceResources()::contains));
  }

  public static boolean isStandardInit(Pod pod, String name) {
    return pod.initContainers().stream().anyMatch(c -> !c.restartable() && c.name().equals(name));
  }

  public static boolean isEphemeral(Pod pod, String name) {
    return pod.ephemeralContainers().stream().anyMatch(c -> c.name().equals(name));
  }

  /** The eligible sidecars declared before the init container at {@code index}. */
  public static List<Container> eligibleSidecarsBefore(Pod pod, int index) {
    return pod.initContainers().subList(0, index).stream()
        .filter(c -> c.restartable() && cpuEligible(c)).toList();
  }

  /**
   * The CPU side of spec §6.3 ({@code validatePodScopeResources}): the rejection it calls for, if
   * any, as a short description.
   */
  public static Optional<String> cpuPoolProblem(Pod pod) {
    long budget = podCpuBudget(pod);
    return poolProblem(pod, budget, PodRules::cpuEligible, PodRules::cpus);
  }

  /**
   * The memory side of spec §6.3 for every type of the pod budget. Whether an eligible container
   * that does not request a type counts as exclusive (with 0) or as shared for that type is not
   * spelled out upstream; a problem under either reading is reported.
   */
  public static Optional<String> memoryPoolProblem(Pod pod) {
    for (Map.Entry<String, Long> budget : podMemoryBudget(pod).entrySet()) {
      String type = budget.getKey();
      Optional<String> asZero = poolProblem(pod, budget.getValue(), PodRules::equivalentGuaranteed,
          c -> containerMemory(c).getOrDefault(type, 0L));
      Optional<String> asShared = poolProblem(pod, budget.getValue(),
          c -> equivalentGuaranteed(c) && containerMemory(c).containsKey(type),
          c -> containerMemory(c).getOrDefault(type, 0L));
      if (asZero.isPresent() || asShared.isPresent()) {
        return Optional.of(type + ": " + asZero.or(() -> asShared).orElseThrow());
      }
    }
    return Optional.empty();
  }

  private interface Eligible {
    boolean test(Container container);
  }

  private interface Amount {
    long of(Container container);
  }

  private static Optional<String> poolProblem(Pod pod, long budget, Eligible eligible, Amount amount) {
    long exclusive = 0;
    boolean shared = false;
    for (Container init : pod.initContainers()) {
      boolean isEligible = eligible.test(init);
      long n = isEligible ? amount.of(init) : 0;
      if (!init.restartable()) {
        if (isEligible && n > budget - exclusive) {
          return Optional.of("init container " + init.name() + " requests " + n + " but only "
              + (budget - exclusive) + " is left beside the sidecars before it");
        }
        if (!isEligible && exclusive >= budget) {
          return Optional.of("shared init container " + init.name() + " has nothing left beside the sidecars");
        }
      } else if (isEligible) {
        exclusive += n;
      } else {
        shared = true;
      }
    }
    for (Container app : pod.containers()) {
      if (eligible.test(app)) {
        exclusive += amount.of(app);
      } else {
        shared = true;
      }
    }
    if (shared && exclusive >= budget) {
      return Optional.of("exclusive requests " + exclusive + " leave nothing of the budget " + budget
          + " for the shared containers");
    }
    return Optional.empty();
  }
}
