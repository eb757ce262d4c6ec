package io.podtopo.domain.topologymanager;

import java.util.List;
import java.util.Objects;

/**
 * One resource's answer in a hint provider's map, keeping upstream's three cases apart: a nil
 * slice ({@link #noPreference()}: any NUMA placement is fine), an empty slice
 * ({@link #unsatisfiable()}: the resource cannot be allocated anywhere) and a list of hints.
 */
public final class ResourceHints {

  private static final ResourceHints NO_PREFERENCE = new ResourceHints(null);
  private static final ResourceHints UNSATISFIABLE = new ResourceHints(List.of());
  private static final List<TopologyHint> ANY_PREFERRED = List.of(TopologyHint.any(true));
  private static final List<TopologyHint> ANY_NOT_PREFERRED = List.of(TopologyHint.any(false));

  /** Null for a nil slice. */
  private final List<TopologyHint> hints;

  private ResourceHints(List<TopologyHint> hints) {
    this.hints = hints;
  }

  /** Upstream {@code hints[r] == nil}: no preference for this resource. */
  public static ResourceHints noPreference() {
    return NO_PREFERENCE;
  }

  /** Upstream {@code hints[r] == []}: no NUMA placement can satisfy this resource. */
  public static ResourceHints unsatisfiable() {
    return UNSATISFIABLE;
  }

  /** A list of hints, in the provider's order; an empty list is {@link #unsatisfiable()}. */
  public static ResourceHints of(List<TopologyHint> hints) {
    return hints.isEmpty() ? UNSATISFIABLE : new ResourceHints(List.copyOf(hints));
  }

  /** A list of hints, in the provider's order. */
  public static ResourceHints of(TopologyHint... hints) {
    return of(List.of(hints));
  }

  public boolean isNoPreference() {
    return hints == null;
  }

  public boolean isUnsatisfiable() {
    return hints != null && hints.isEmpty();
  }

  /** The hints as given; empty for both the nil and the empty slice. */
  public List<TopologyHint> hints() {
    return hints == null ? List.of() : hints;
  }

  /**
   * The list this resource contributes to the merge (upstream {@code filterProvidersHints}): a nil
   * slice becomes {@code [{nil, preferred}]}, an empty slice {@code [{nil, not preferred}]}.
   */
  public List<TopologyHint> forMerge() {
    if (hints == null) {
      return ANY_PREFERRED;
    }
    return hints.isEmpty() ? ANY_NOT_PREFERRED : hints;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ResourceHints that && Objects.equals(hints, that.hints);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(hints);
  }

  @Override
  public String toString() {
    return hints == null ? "nil" : hints.toString();
  }
}
