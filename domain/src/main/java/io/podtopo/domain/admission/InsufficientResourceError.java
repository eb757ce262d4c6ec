package io.podtopo.domain.admission;

import java.util.Locale;
import org.immutables.value.Value;

/**
 * The kubelet's resource-fit predicate refused the pod (upstream {@code lifecycle}'s
 * {@code InsufficientResourceError}): the pod requests more of a resource than the node's allocatable
 * less what the other pods use. Reason {@code OutOf<resource>}.
 */
@Value.Immutable
public abstract non-sealed class InsufficientResourceError implements AdmissionCause {

  /** The reason's prefix: {@code OutOfcpu}, {@code OutOfnvidia.com/gpu}. */
  public static final String REASON_PREFIX = "OutOf";

  /** The resource short: {@code pods}, {@code cpu}, {@code memory}, a hugepage size, an extended resource. */
  @Value.Parameter
  public abstract String resource();

  /** What the pod requests, in the predicate's units (cpu in millicores). */
  @Value.Parameter
  public abstract long requested();

  /** What the other pods use. */
  @Value.Parameter
  public abstract long used();

  /** The node's allocatable. */
  @Value.Parameter
  public abstract long capacity();

  /** The shortage of {@code resource}. */
  public static InsufficientResourceError of(String resource, long requested, long used, long capacity) {
    return ImmutableInsufficientResourceError.of(resource, requested, used, capacity);
  }

  @Override
  public String reason() {
    return REASON_PREFIX + resource();
  }

  @Override
  public String message() {
    return String.format(Locale.ROOT, "Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d",
        resource(), requested(), used(), capacity());
  }
}
