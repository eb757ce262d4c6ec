package io.podtopo.domain.pod;

import java.util.Optional;
import java.util.SortedMap;
import org.immutables.value.Value;

/**
 * One container of a pod as the resource managers see it: its name, its resource requests and
 * limits ({@code cpu}, {@code memory}, {@code hugepages-<size>}, anything else is carried but
 * ignored), and, for init containers, whether it is restartable (a sidecar:
 * {@code restartPolicy: Always}).
 */
@Value.Immutable
public abstract class Container {

  public abstract String name();

  @Value.NaturalOrder
  public abstract SortedMap<String, Quantity> requests();

  @Value.NaturalOrder
  public abstract SortedMap<String, Quantity> limits();

  /** True for an init container with {@code restartPolicy: Always} (a sidecar). */
  @Value.Default
  public boolean restartable() {
    return false;
  }

  public Optional<Quantity> request(String resource) {
    return Optional.ofNullable(requests().get(resource));
  }

  public Optional<Quantity> limit(String resource) {
    return Optional.ofNullable(limits().get(resource));
  }

  /**
   * Upstream {@code IsContainerEquivalentQOSGuaranteed}: cpu and memory requests are both set,
   * non-zero and equal to their limits. Hugepages play no part.
   */
  public boolean isEquivalentGuaranteed() {
    return isPinnedEqual(Resources.CPU) && isPinnedEqual(Resources.MEMORY);
  }

  private boolean isPinnedEqual(String resource) {
    Optional<Quantity> request = request(resource);
    return request.isPresent() && !request.get().isZero() && request.equals(limit(resource));
  }

  /** A container without resources. */
  public static Container named(String name) {
    return new Builder().name(name).build();
  }

  /** Builder: {@code new Container.Builder().name("c").putRequest("cpu", Quantity.parse("2"))...build()}. */
  public static class Builder extends ImmutableContainer.Builder {}
}
