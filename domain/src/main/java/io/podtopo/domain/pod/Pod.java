package io.podtopo.domain.pod;

import io.podtopo.domain.gates.FeatureGates;
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

  /**
   * Whether the pod has a {@code spec.resources} stanza, even an empty one: with the
   * {@code PodLevelResourcesFixKubeletQOSClass} gate off an empty stanza still decides the QoS class
   * ({@link #qosClass(FeatureGates)}). A pod built with pod-level requests or limits has one.
   */
  @Value.Default
  public boolean podResourcesStanza() {
    return false;
  }

  /** A pod with pod-level requests or limits has a {@code spec.resources} stanza. */
  @Value.Check
  protected Pod withStanzaWherePodLevelResourcesAre() {
    if (!podResourcesStanza() && (!podRequests().isEmpty() || !podLimits().isEmpty())) {
      return new Builder().from(this).podResourcesStanza(true).build();
    }
    return this;
  }

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
   * one managed resource (cpu, memory, hugepages); an empty stanza does not count. Computed once: the
   * managers ask it of every container they place or report.
   */
  @Value.Lazy
  public boolean isPodLevelResourcesSet() {
    return Stream.concat(podRequests().keySet().stream(), podLimits().keySet().stream())
        .anyMatch(Resources::isManaged);
  }

  /**
   * Whether the resource managers manage this pod at pod level (KEP-5526): it sets pod-level
   * resources ({@link #isPodLevelResourcesSet}) and both KEP-5526 gates are on
   * ({@link FeatureGates#podLevelResourceManagers}). Then its {@code spec.resources} is the budget the
   * CPU and Memory Managers partition, its containers that are not equivalent-Guaranteed share the
   * pod shared pool, and the pod scope asks for one hint for the pod.
   *
   * <p>The gates: upstream tests {@code PodLevelResourceManagers} alone where it applies the
   * pod-level rules ({@code guaranteedCPUs}, {@code podGuaranteedCPUs},
   * {@code getContainerRequestedResources}, the scopes) and both gates where it skips such a pod
   * ({@link #podLevelUnmanaged}). The two tests differ only with {@code PodLevelResourceManagers} on
   * and {@code PodLevelResources} off, which the kubelet refuses to start with (the first gate
   * depends on the second, {@link FeatureGates#kubeletRefusal}), so on every node the kubelet runs
   * they agree; podtopo tests both gates at every place, and no pod is ever both managed at pod
   * level and skipped.
   */
  public boolean managedAtPodLevel(FeatureGates gates) {
    return gates.podLevelResourceManagers() && isPodLevelResourcesSet();
  }

  /**
   * Whether the resource managers skip this pod: it sets pod-level resources while a KEP-5526 gate
   * is off, so neither the pod nor its containers get exclusive CPUs or memory, nor a preference
   * (upstream {@code (!PodLevelResourceManagers || !PodLevelResources) && IsPodLevelResourcesSet}).
   * A pod without pod-level resources is neither skipped nor {@link #managedAtPodLevel}.
   */
  public boolean podLevelUnmanaged(FeatureGates gates) {
    return isPodLevelResourcesSet() && !gates.podLevelResourceManagers();
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
   * Upstream {@code ComputePodQOS} with the {@code PodLevelResourcesFixKubeletQOSClass} gate on:
   * {@link #qosClass(FeatureGates)} with every other gate at its default but {@code PodLevelResources}.
   */
  public QosClass qosClass(boolean podLevelResourcesGate) {
    return qosClass(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCES, podLevelResourcesGate));
  }

  /**
   * Upstream {@code ComputePodQOS} (v1.37, {@code pkg/apis/core/v1/helper/qos/qos.go}; the API
   * server's copy in {@code pkg/apis/core/helper/qos} is the same), which the kubelet's
   * {@code GetPodQOS} falls back to when {@code status.qosClass} is empty and the API server writes
   * into {@code status.qosClass} on create. With {@code PodLevelResources} on, the pod's own
   * {@code spec.resources} decide when they are set ({@link #isPodLevelResourcesSet}), or, with
   * {@code PodLevelResourcesFixKubeletQOSClass} off, as soon as the stanza is there at all; otherwise
   * the init and app containers do, one after the other: one Burstable container makes the pod
   * Burstable, and so do a Guaranteed and a BestEffort one together.
   */
  public QosClass qosClass(FeatureGates gates) {
    if (gates.enabled(FeatureGates.POD_LEVEL_RESOURCES) && (isPodLevelResourcesSet()
        || podResourcesStanza() && !gates.enabled(FeatureGates.POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS))) {
      return requirementsQos(podRequests(), podLimits());
    }
    QosClass pod = null;
    for (Container container : initAndAppContainers()) {
      QosClass qos = requirementsQos(container.requests(), container.limits());
      if (qos == QosClass.BURSTABLE) {
        return qos;
      } else if (pod == null) {
        pod = qos;
      } else if (pod != qos) {
        return QosClass.BURSTABLE;
      }
    }
    return pod == null ? QosClass.BEST_EFFORT : pod;
  }

  /**
   * Upstream {@code requirementsQOS}: no requests and no limits at all is BestEffort; otherwise cpu
   * and memory each have a shape ({@code resourceQOS}: request and limit unequal is Burstable, both
   * zero or unset BestEffort, equal and non-zero Guaranteed), and the requirements are Burstable
   * unless both resources have the same shape.
   */
  private static QosClass requirementsQos(Map<String, Quantity> requests, Map<String, Quantity> limits) {
    if (requests.isEmpty() && limits.isEmpty()) {
      return QosClass.BEST_EFFORT;
    }
    QosClass cpu = resourceQos(requests, limits, Resources.CPU);
    QosClass memory = resourceQos(requests, limits, Resources.MEMORY);
    return cpu == QosClass.BURSTABLE || cpu != memory ? QosClass.BURSTABLE : cpu;
  }

  private static QosClass resourceQos(Map<String, Quantity> requests, Map<String, Quantity> limits, String resource) {
    Quantity request = requests.getOrDefault(resource, Quantity.ZERO);
    Quantity limit = limits.getOrDefault(resource, Quantity.ZERO);
    if (!request.equals(limit)) {
      return QosClass.BURSTABLE;
    }
    return request.isZero() ? QosClass.BEST_EFFORT : QosClass.GUARANTEED;
  }

  /** Builder: {@code new Pod.Builder().uid("p").addContainer(...)...build()}. */
  public static class Builder extends ImmutablePod.Builder {}
}
