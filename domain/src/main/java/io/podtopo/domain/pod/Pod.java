package io.podtopo.domain.pod;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.immutables.value.Value;

/**
 * A pod as the node resource managers see it: identity, the pod-level resources
 * ({@code spec.resources}), init containers (standard and restartable sidecars, in spec order), app
 * containers and ephemeral containers.
 *
 * <p>Resource quantities are taken as the API server stores them, after its defaulting of
 * container and pod-level requests and limits ({@link PodDefaults}).
 */
@Value.Immutable
public abstract class Pod {

  public abstract String uid();

  @Value.Default
  public String name() {
    return uid();
  }

  @Value.Default
  public String namespace() {
    return "default";
  }

  /** {@code spec.resources.requests}. */
  @Value.NaturalOrder
  public abstract SortedMap<String, Quantity> podRequests();

  /** {@code spec.resources.limits}. */
  @Value.NaturalOrder
  public abstract SortedMap<String, Quantity> podLimits();

  public abstract List<Container> initContainers();

  public abstract List<Container> containers();

  /** Ephemeral containers: never part of any allocation. */
  public abstract List<Container> ephemeralContainers();

  /** Init containers (spec order) then app containers: the order of every upstream walk. */
  @Value.Lazy
  public List<Container> initAndAppContainers() {
    List<Container> all = new ArrayList<>(initContainers());
    all.addAll(containers());
    return List.copyOf(all);
  }

  /** The init or app container with this name, if any. */
  public java.util.Optional<Container> container(String containerName) {
    return initAndAppContainers().stream().filter(c -> c.name().equals(containerName)).findFirst();
  }

  /**
   * Upstream {@code IsPodLevelResourcesSet}: {@code spec.resources} requests or limits name at least
   * one managed resource (cpu, memory, hugepages); an empty stanza does not count.
   */
  public boolean isPodLevelResourcesSet() {
    return Stream.concat(podRequests().keySet().stream(), podLimits().keySet().stream())
        .anyMatch(Resources::isManaged);
  }

  /**
   * Upstream {@code AggregateContainerRequests}: KEP-753's aggregate of the init and app containers'
   * requests, per resource the larger of the app containers and sidecars summed and of each standard
   * init container with the sidecars declared before it. Ephemeral containers take no part.
   */
  public SortedMap<String, Quantity> aggregatedContainerRequests() {
    return aggregate(Container::requests);
  }

  /** Upstream {@code AggregateContainerLimits}: the same aggregate of the containers' limits. */
  public SortedMap<String, Quantity> aggregatedContainerLimits() {
    return aggregate(Container::limits);
  }

  private SortedMap<String, Quantity> aggregate(Function<Container, Map<String, Quantity>> amounts) {
    SortedMap<String, Quantity> total = new TreeMap<>();
    containers().forEach(app -> addAll(total, amounts.apply(app)));
    SortedMap<String, Quantity> sidecars = new TreeMap<>();
    SortedMap<String, Quantity> initPeak = new TreeMap<>();
    for (Container init : initContainers()) {
      SortedMap<String, Quantity> use = new TreeMap<>(amounts.apply(init));
      if (init.restartable()) {
        addAll(total, use);
        addAll(sidecars, use);
        use = sidecars;
      } else {
        addAll(use, sidecars);
      }
      use.forEach((resource, quantity) -> initPeak.merge(resource, quantity, Quantity::max));
    }
    initPeak.forEach((resource, quantity) -> total.merge(resource, quantity, Quantity::max));
    return total;
  }

  private static void addAll(Map<String, Quantity> into, Map<String, Quantity> amounts) {
    amounts.forEach((resource, quantity) -> into.merge(resource, quantity, Quantity::plus));
  }

  /**
   * Upstream {@code ComputePodQOS}. With the {@code PodLevelResources} gate on and pod-level
   * resources set, the class is computed from the pod stanza alone; otherwise from the init and app
   * containers. Only cpu and memory count; zero quantities count as unset.
   */
  public QosClass qosClass(boolean podLevelResourcesGate) {
    if (podLevelResourcesGate && isPodLevelResourcesSet()) {
      return qos(List.of(new Pair(podRequests(), podLimits())));
    }
    return qos(initAndAppContainers().stream().map(c -> new Pair(c.requests(), c.limits())).toList());
  }

  private record Pair(Map<String, Quantity> requests, Map<String, Quantity> limits) {}

  private static QosClass qos(List<Pair> resourceLists) {
    Map<String, Quantity> requests = new TreeMap<>();
    Map<String, Quantity> limits = new TreeMap<>();
    boolean guaranteed = true;
    for (Pair pair : resourceLists) {
      pair.requests().forEach((name, quantity) -> {
        if (Resources.isQosResource(name) && !quantity.isZero()) {
          requests.merge(name, quantity, Quantity::plus);
        }
      });
      int limitsFound = 0;
      for (Map.Entry<String, Quantity> limit : pair.limits().entrySet()) {
        if (Resources.isQosResource(limit.getKey()) && !limit.getValue().isZero()) {
          limitsFound++;
          limits.merge(limit.getKey(), limit.getValue(), Quantity::plus);
        }
      }
      if (limitsFound < 2) {
        guaranteed = false;
      }
    }
    if (requests.isEmpty() && limits.isEmpty()) {
      return QosClass.BEST_EFFORT;
    }
    if (guaranteed) {
      for (Map.Entry<String, Quantity> request : requests.entrySet()) {
        if (!request.getValue().equals(limits.get(request.getKey()))) {
          guaranteed = false;
        }
      }
    }
    return guaranteed && requests.size() == limits.size() ? QosClass.GUARANTEED : QosClass.BURSTABLE;
  }

  /** Builder: {@code new Pod.Builder().uid("p").addContainer(...)...build()}. */
  public static class Builder extends ImmutablePod.Builder {}
}
