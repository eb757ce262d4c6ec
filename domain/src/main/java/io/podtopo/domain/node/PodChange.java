package io.podtopo.domain.node;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.text.ByteSizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One change a user can make to a rejected pod: one resource of its budget ({@code spec.resources},
 * no container) or of one container, requests and limits set alike.
 *
 * @param container the container changed; empty for the pod's budget
 * @param resource {@code cpu}, {@code memory}, {@code hugepages-<size>} or a device plugin resource
 * @param from the amount asked for now: millicores for {@code cpu}, bytes for memory kinds, a count
 *     of devices
 * @param to the amount that makes the pod fit, in the same unit
 */
public record PodChange(Optional<String> container, String resource, long from, long to) {

  public PodChange {
    Objects.requireNonNull(container, "container");
    Objects.requireNonNull(resource, "resource");
    if (from == to || to <= 0) {
      throw new IllegalArgumentException("a change asks for another positive amount, got " + from + " to " + to);
    }
  }

  /** The pod with this change made: the resource's request and limit both set to {@link #to}. */
  public Pod applyTo(Pod pod) {
    Quantity amount = resource.equals("cpu") ? Quantity.ofMillis(to) : Quantity.of(to);
    if (container.isEmpty()) {
      return new Pod.Builder().from(pod).podRequests(with(pod.podRequests(), amount))
          .podLimits(with(pod.podLimits(), amount)).build();
    }
    return new Pod.Builder().from(pod).initContainers(changed(pod.initContainers(), amount))
        .containers(changed(pod.containers(), amount)).build();
  }

  /** The amount asked for now as a Kubernetes quantity: {@code 4}, {@code 1500m}, {@code 4Gi}. */
  public String fromQuantity() {
    return quantity(from);
  }

  /** The amount that makes the pod fit as a Kubernetes quantity. */
  public String toQuantity() {
    return quantity(to);
  }

  private String quantity(long value) {
    if (resource.equals("cpu")) {
      return value % 1000 == 0 ? Long.toString(value / 1000) : value + "m";
    }
    return Resources.isMemoryKind(resource) ? ByteSizes.quantity(value) : Long.toString(value);
  }

  /** How far the change goes, relative to what is asked for now: 0.5 for 4 CPUs to 2 or to 6. */
  double relativeSize() {
    return Math.abs(to - from) / (double) from;
  }

  /**
   * {@code 2 CPUs instead of 4}, {@code 5Gi of memory instead of 4Gi}, {@code 2 example.com/gpu
   * devices instead of 3}, as a user would write it.
   */
  String words() {
    if (resource.equals("cpu")) {
      return amount(to) + " instead of " + (from % 1000 == 0 ? Long.toString(from / 1000) : amount(from));
    }
    if (Resources.isMemoryKind(resource)) {
      return amount(to) + " of " + resource + " instead of " + amount(from);
    }
    return to + " " + resource + (to == 1 ? " device" : " devices") + " instead of " + from;
  }

  /** What the change costs besides the amount: a CPU amount that is not whole gets no exclusive CPUs. */
  Optional<String> cost() {
    return resource.equals("cpu") && to % 1000 != 0
        ? Optional.of(amount(to) + " is not a whole number of CPUs, so no CPU is exclusive: the node's shared CPUs run "
            + container.map(name -> "container " + name).orElse("the pod"))
        : Optional.empty();
  }

  /** Where the change is made: {@code spec.resources} or {@code container worker's resources}. */
  String place() {
    return container.map(name -> "container " + name + "'s resources").orElse("spec.resources");
  }

  private String amount(long value) {
    if (resource.equals("cpu")) {
      return value % 1000 == 0 ? RejectionText.amount("cpu", value / 1000) : quantity(value) + " of cpu";
    }
    return ByteSizes.quantity(value);
  }

  private List<Container> changed(List<Container> containers, Quantity amount) {
    List<Container> result = new ArrayList<>();
    for (Container c : containers) {
      result.add(!c.name().equals(container.orElseThrow()) ? c
          : new Container.Builder().from(c).requests(with(c.requests(), amount)).limits(with(c.limits(), amount)).build());
    }
    return result;
  }

  private SortedMap<String, Quantity> with(SortedMap<String, Quantity> quantities, Quantity amount) {
    SortedMap<String, Quantity> result = new TreeMap<>(quantities);
    result.put(resource, amount);
    return result;
  }
}
