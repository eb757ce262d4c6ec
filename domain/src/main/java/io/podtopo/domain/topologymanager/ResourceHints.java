package io.podtopo.domain.topologymanager;

import io.podtopo.domain.topology.NumaMask;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * One resource's answer in a hint provider's map, keeping upstream's three cases apart: a nil
 * slice ({@link #noPreference()}: any NUMA placement is fine), an empty slice
 * ({@link #unsatisfiable()}: the resource cannot be allocated anywhere) and a list of hints, which is
 * held in one of three forms:
 * <ul>
 *   <li>listed ({@link #of}): the hints as given;</li>
 *   <li>packed ({@link #ofMasks}): one 64-bit mask per hint and a bit set of the preferred ones, as
 *       the CPU and memory managers answer with up to {@code 2^N - 1} masks on {@code N} NUMA
 *       nodes;</li>
 *   <li>described ({@link #implicit}): a {@link MaskFamily}, the rule that picks the masks out of all
 *       combinations of the NUMA nodes, which the merge queries without listing them (issue 9, ADR
 *       0007); {@link #hints()} then lists them as the provider enumerates them, which only machines
 *       of up to {@value MaskFamily#MAX_MATERIALISED_NODES} nodes allow.</li>
 * </ul>
 *
 * <p>A list is one value whichever form holds it: {@link #hints()}, {@link #equals} and
 * {@link #hashCode} read the same hints (a description that cannot be listed equals only itself).
 * The five cases are the private subclasses below (sealed: no other exists), each holding only what
 * it needs.
 */
public abstract sealed class ResourceHints {

  private static final ResourceHints NO_PREFERENCE = new NoPreference();
  private static final ResourceHints UNSATISFIABLE = new Unsatisfiable();
  private static final List<TopologyHint> ANY_PREFERRED = List.of(TopologyHint.any(true));
  private static final List<TopologyHint> ANY_NOT_PREFERRED = List.of(TopologyHint.any(false));

  private ResourceHints() {
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
    return hints.isEmpty() ? UNSATISFIABLE : new Listed(List.copyOf(hints));
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
    return masks.length == 0 ? UNSATISFIABLE : new Packed(masks, preferred.get(0, masks.length));
  }

  /**
   * A described list: the members of {@code family}, which must have one at least (an empty list is
   * {@link #unsatisfiable()}, as the enumeration would give).
   */
  public static ResourceHints implicit(MaskFamily family) {
    return family.isEmpty() ? UNSATISFIABLE : new Described(family);
  }

  /** The description of a list given as one ({@link #implicit}). */
  public Optional<MaskFamily> family() {
    return Optional.empty();
  }

  /** Whether the hints can be listed: always, but for a description on more than 20 NUMA nodes. */
  public boolean isListable() {
    return true;
  }

  public boolean isNoPreference() {
    return false;
  }

  public boolean isUnsatisfiable() {
    return false;
  }

  /** The number of hints; 0 for both the nil and the empty slice. */
  public int size() {
    return hints().size();
  }

  /** The hints as given; empty for both the nil and the empty slice. */
  public abstract List<TopologyHint> hints();

  /**
   * The list this resource contributes to the merge (upstream {@code filterProvidersHints}): a nil
   * slice becomes {@code [{nil, preferred}]}, an empty slice {@code [{nil, not preferred}]}.
   */
  public List<TopologyHint> forMerge() {
    return hints();
  }

  /** {@link #forMerge()} as the merge reads it, without building hint objects for a packed list. */
  MergeList mergeList() {
    return MergeList.of(forMerge());
  }

  /** The list as {@link ImplicitMerge} reads it: listed, unless it is described. */
  MergeInput mergeInput() {
    return MergeInput.Listed.of(mergeList());
  }

  /** Equal when both are the nil slice, both the empty slice, or both lists of the same hints. */
  @Override
  public final boolean equals(Object other) {
    return this == other || other instanceof ResourceHints that && sameListAs(that);
  }

  /** Whether {@code that}, another object, holds the same hints (the nil slice equals only itself). */
  boolean sameListAs(ResourceHints that) {
    return isListable() && that.isListable() && !that.isNoPreference() && hints().equals(that.hints());
  }

  @Override
  public int hashCode() {
    return hints().hashCode();
  }

  @Override
  public String toString() {
    return hints().toString();
  }

  /** Upstream's nil slice; only {@link #NO_PREFERENCE} exists. */
  private static final class NoPreference extends ResourceHints {

    @Override
    public boolean isNoPreference() {
      return true;
    }

    @Override
    public List<TopologyHint> hints() {
      return List.of();
    }

    @Override
    public List<TopologyHint> forMerge() {
      return ANY_PREFERRED;
    }

    @Override
    boolean sameListAs(ResourceHints that) {
      return false;
    }

    @Override
    public int hashCode() {
      return 0;
    }

    @Override
    public String toString() {
      return "nil";
    }
  }

  /** Upstream's empty slice; only {@link #UNSATISFIABLE} exists. */
  private static final class Unsatisfiable extends ResourceHints {

    @Override
    public boolean isUnsatisfiable() {
      return true;
    }

    @Override
    public List<TopologyHint> hints() {
      return List.of();
    }

    @Override
    public List<TopologyHint> forMerge() {
      return ANY_NOT_PREFERRED;
    }
  }

  /** A list of one hint or more, as given. */
  private static final class Listed extends ResourceHints {

    private final List<TopologyHint> hints;

    Listed(List<TopologyHint> hints) {
      this.hints = hints;
    }

    @Override
    public List<TopologyHint> hints() {
      return hints;
    }
  }

  /** One mask or more, all with an affinity, and which of them are preferred (no bit past the masks). */
  private static final class Packed extends ResourceHints {

    private final long[] masks;
    private final BitSet preferred;

    Packed(long[] masks, BitSet preferred) {
      this.masks = masks;
      this.preferred = preferred;
    }

    @Override
    public int size() {
      return masks.length;
    }

    @Override
    public List<TopologyHint> hints() {
      List<TopologyHint> list = new ArrayList<>(masks.length);
      for (int i = 0; i < masks.length; i++) {
        list.add(TopologyHint.of(NumaMask.fromBits(masks[i]), preferred.get(i)));
      }
      return List.copyOf(list);
    }

    @Override
    MergeList mergeList() {
      boolean[] withAffinity = new boolean[masks.length];
      boolean[] isPreferred = new boolean[masks.length];
      Arrays.fill(withAffinity, true);
      for (int i = preferred.nextSetBit(0); i >= 0; i = preferred.nextSetBit(i + 1)) {
        isPreferred[i] = true;
      }
      return new MergeList(masks, withAffinity, isPreferred);
    }

    @Override
    boolean sameListAs(ResourceHints that) {
      return that instanceof Packed packed
          ? Arrays.equals(masks, packed.masks) && preferred.equals(packed.preferred)
          : super.sameListAs(that);
    }
  }

  /** A {@link MaskFamily} with one member or more. */
  private static final class Described extends ResourceHints {

    private final MaskFamily family;

    Described(MaskFamily family) {
      this.family = family;
    }

    @Override
    public Optional<MaskFamily> family() {
      return Optional.of(family);
    }

    @Override
    public boolean isListable() {
      return family.isMaterialisable();
    }

    @Override
    public int size() {
      return family.materialised().size();
    }

    @Override
    public List<TopologyHint> hints() {
      return family.materialised().hints();
    }

    @Override
    MergeList mergeList() {
      return family.materialised().mergeList();
    }

    @Override
    MergeInput mergeInput() {
      return new MergeInput.Described(family);
    }

    @Override
    boolean sameListAs(ResourceHints that) {
      return that instanceof Described described && described.family == family || super.sameListAs(that);
    }

    @Override
    public int hashCode() {
      return isListable() ? super.hashCode() : System.identityHashCode(family);
    }

    @Override
    public String toString() {
      return isListable() ? super.toString() : "{" + family.description() + "}";
    }
  }
}
