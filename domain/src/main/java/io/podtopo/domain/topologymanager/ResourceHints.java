package io.podtopo.domain.topologymanager;

import io.podtopo.domain.topology.NumaMask;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One resource's answer in a hint provider's map, keeping upstream's three cases apart: a nil
 * slice ({@link #noPreference()}: any NUMA placement is fine), an empty slice
 * ({@link #unsatisfiable()}: the resource cannot be allocated anywhere) and a list of hints.
 *
 * <p>A list can be held packed ({@link #ofMasks}): one 64-bit mask per hint and a bit set of the
 * preferred ones, as the CPU and memory managers answer with up to {@code 2^N - 1} masks on
 * {@code N} NUMA nodes. {@link #hints()} gives the same list either way.
 *
 * <p>Or it can be described ({@link #implicit}): a {@link MaskFamily}, the rule that picks the masks
 * out of all combinations of the NUMA nodes, which the merge queries without listing them (issue
 * 9, ADR 0007). {@link #hints()} then lists them as the provider enumerates them, which only
 * machines of up to {@value MaskFamily#MAX_MATERIALISED_NODES} nodes allow.
 */
public final class ResourceHints {

  private static final ResourceHints NO_PREFERENCE = new ResourceHints(null, null, null, null);
  private static final ResourceHints UNSATISFIABLE = new ResourceHints(List.of(), null, null, null);
  private static final List<TopologyHint> ANY_PREFERRED = List.of(TopologyHint.any(true));
  private static final List<TopologyHint> ANY_NOT_PREFERRED = List.of(TopologyHint.any(false));

  /** Null for a nil slice and for a packed list. */
  private final List<TopologyHint> hints;
  /** A packed list: the masks (never nil) and which of them are preferred (no bit past the masks); else null. */
  private final long[] masks;
  private final BitSet preferred;
  /** A described list; else null. */
  private final MaskFamily family;

  private ResourceHints(List<TopologyHint> hints, long[] masks, BitSet preferred, MaskFamily family) {
    this.hints = hints;
    this.masks = masks;
    this.preferred = preferred;
    this.family = family;
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
    return hints.isEmpty() ? UNSATISFIABLE : new ResourceHints(List.copyOf(hints), null, null, null);
  }

  /** A list of hints, in the provider's order. */
  public static ResourceHints of(TopologyHint... hints) {
    return of(List.of(hints));
  }

  /**
   * A packed list of hints with affinities: hint {@code i} has the mask {@code masks[i]} and is
   * preferred iff {@code preferred.get(i)}; no mask is copied, so the caller must not change them.
   * No masks is {@link #unsatisfiable()}.
   */
  public static ResourceHints ofMasks(long[] masks, BitSet preferred) {
    if (masks.length == 0) {
      return UNSATISFIABLE;
    }
    BitSet copy = preferred.get(0, masks.length);
    return new ResourceHints(null, masks, copy, null);
  }

  /**
   * A described list: the members of {@code family}, which must have one at least (an empty list is
   * {@link #unsatisfiable()}, as the enumeration would give).
   */
  public static ResourceHints implicit(MaskFamily family) {
    if (family.isEmpty()) {
      return UNSATISFIABLE;
    }
    return new ResourceHints(null, null, null, family);
  }

  /** The description of a list given as one ({@link #implicit}). */
  public Optional<MaskFamily> family() {
    return Optional.ofNullable(family);
  }

  /** Whether the hints can be listed: always, but for a description on more than 20 NUMA nodes. */
  public boolean isListable() {
    return family == null || family.isMaterialisable();
  }

  public boolean isNoPreference() {
    return hints == null && masks == null && family == null;
  }

  public boolean isUnsatisfiable() {
    return hints != null && hints.isEmpty();
  }

  /** The number of hints; 0 for both the nil and the empty slice. */
  public int size() {
    if (family != null) {
      return family.materialised().size();
    }
    return masks != null ? masks.length : hints == null ? 0 : hints.size();
  }

  /** The hints as given; empty for both the nil and the empty slice. */
  public List<TopologyHint> hints() {
    if (family != null) {
      return family.materialised().hints();
    }
    if (masks != null) {
      List<TopologyHint> list = new ArrayList<>(masks.length);
      for (int i = 0; i < masks.length; i++) {
        list.add(TopologyHint.of(NumaMask.fromBits(masks[i]), preferred.get(i)));
      }
      return List.copyOf(list);
    }
    return hints == null ? List.of() : hints;
  }

  /**
   * The list this resource contributes to the merge (upstream {@code filterProvidersHints}): a nil
   * slice becomes {@code [{nil, preferred}]}, an empty slice {@code [{nil, not preferred}]}.
   */
  public List<TopologyHint> forMerge() {
    if (isNoPreference()) {
      return ANY_PREFERRED;
    }
    return isUnsatisfiable() ? ANY_NOT_PREFERRED : hints();
  }

  /** {@link #forMerge()} as the merge reads it, without building hint objects for a packed list. */
  MergeList mergeList() {
    if (family != null) {
      return family.materialised().mergeList();
    }
    if (masks == null) {
      return MergeList.of(forMerge());
    }
    boolean[] withAffinity = new boolean[masks.length];
    boolean[] isPreferred = new boolean[masks.length];
    Arrays.fill(withAffinity, true);
    for (int i = preferred.nextSetBit(0); i >= 0; i = preferred.nextSetBit(i + 1)) {
      isPreferred[i] = true;
    }
    return new MergeList(masks, withAffinity, isPreferred);
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof ResourceHints that)) {
      return false;
    }
    if (family != null || that.family != null) {
      if (family == that.family) {
        return true;
      }
      if (!isListable() || !that.isListable()) {
        return false;
      }
      return (family != null ? family.materialised() : this).equals(that.family != null ? that.family.materialised() : that);
    }
    if (masks != null && that.masks != null) {
      return Arrays.equals(masks, that.masks) && preferred.equals(that.preferred);
    }
    return isNoPreference() == that.isNoPreference() && hints().equals(that.hints());
  }

  @Override
  public int hashCode() {
    if (!isListable()) {
      return System.identityHashCode(family);
    }
    return isNoPreference() ? 0 : Objects.hashCode(hints());
  }

  @Override
  public String toString() {
    if (!isListable()) {
      return "{" + family.description() + "}";
    }
    return isNoPreference() ? "nil" : hints().toString();
  }
}
