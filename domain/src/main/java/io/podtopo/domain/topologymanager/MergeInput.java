package io.podtopo.domain.topologymanager;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.LongStream;

/**
 * One hint list as {@link ImplicitMerge} reads it (ADR 0007): {@linkplain Listed listed}, a
 * {@link MergeList} (a list given hint by hint or packed, or upstream's nil or empty slice as its one
 * nil hint), or {@linkplain Described described}, a {@link MaskFamily}. Its operations are the
 * questions the merge asks of every list, whichever form it has; the steps that only descriptions
 * take part in (walking their extras and threshold parts) read {@link #description()}.
 *
 * <p>Masks are raw 64-bit words; a nil hint stands for every node of the machine ({@code all}).
 */
sealed interface MergeInput permits MergeInput.Listed, MergeInput.Described {

  /**
   * Upstream {@code maxOfMinAffinityCounts}' term for this list: the fewest nodes of one of its
   * masks, a description counting its narrowest member; 0 when it has no mask (only nil hints).
   */
  int narrowestWidth(SearchBudget budget);

  /**
   * Whether a permutation that merges preferred to {@code mask} can pick from this list: the list
   * holds {@code mask} as a preferred hint, or has a preferred nil hint.
   */
  boolean admitsPreferred(long mask);

  /**
   * The masks one of which every preferred merge is, when this list names them: its preferred masks,
   * sorted, unless a preferred nil hint lets a preferred merge pass it by. Empty for a description.
   */
  Optional<long[]> preferredCandidates();

  /** The description of a described list. */
  Optional<MaskFamily> description();

  /**
   * Masks one of which holds each mask of the list, each ANDed with {@code all} (possibly repeated
   * or empty): a listed list's masks, a description's extras and its threshold part's universe.
   */
  long[] covers(long all);

  /**
   * The listed masks or a description's extras that contain {@code x}, each ANDed with {@code all}
   * (a description's threshold part is not among them).
   */
  long[] containing(long x, long all);

  /**
   * A list of hints, its preferred masks sorted without repeats ({@code preferredMasks}), and whether
   * it has a preferred nil hint ({@code skippable}).
   */
  record Listed(MergeList list, boolean skippable, long[] preferredMasks) implements MergeInput {

    static Listed of(MergeList list) {
      long[] masks = new long[list.size()];
      int count = 0;
      boolean skippable = false;
      for (int i = 0; i < list.size(); i++) {
        if (list.preferred()[i]) {
          if (list.hasAffinity()[i]) {
            masks[count++] = list.bits()[i];
          } else {
            skippable = true;
          }
        }
      }
      return new Listed(list, skippable, HintMerger.sortedDistinct(masks, count));
    }

    @Override
    public int narrowestWidth(SearchBudget budget) {
      int narrowest = Integer.MAX_VALUE;
      for (int i = 0; i < list.size(); i++) {
        if (list.hasAffinity()[i]) {
          narrowest = Math.min(narrowest, Long.bitCount(list.bits()[i]));
        }
      }
      return narrowest == Integer.MAX_VALUE ? 0 : narrowest;
    }

    @Override
    public boolean admitsPreferred(long mask) {
      return skippable || Arrays.binarySearch(preferredMasks, mask) >= 0;
    }

    @Override
    public Optional<long[]> preferredCandidates() {
      return skippable ? Optional.empty() : Optional.of(preferredMasks);
    }

    @Override
    public Optional<MaskFamily> description() {
      return Optional.empty();
    }

    @Override
    public long[] covers(long all) {
      long[] covers = new long[list.size()];
      for (int i = 0; i < covers.length; i++) {
        covers[i] = mask(i, all);
      }
      return covers;
    }

    @Override
    public long[] containing(long x, long all) {
      long[] containing = new long[list.size()];
      int count = 0;
      for (int i = 0; i < list.size(); i++) {
        long mask = mask(i, all);
        if ((x & ~mask) == 0) {
          containing[count++] = mask;
        }
      }
      return Arrays.copyOf(containing, count);
    }

    /** Hint {@code i}'s mask inside {@code all}; all of it for a nil hint. */
    private long mask(int i, long all) {
      return list.hasAffinity()[i] ? list.bits()[i] & all : all;
    }
  }

  /** A described list: the members of {@code family}, one at least. */
  record Described(MaskFamily family) implements MergeInput {

    @Override
    public int narrowestWidth(SearchBudget budget) {
      return family.narrowestWidth(budget);
    }

    @Override
    public boolean admitsPreferred(long mask) {
      return family.contains(mask) && family.isPreferred(mask);
    }

    @Override
    public Optional<long[]> preferredCandidates() {
      return Optional.empty();
    }

    @Override
    public Optional<MaskFamily> description() {
      return Optional.of(family);
    }

    @Override
    public long[] covers(long all) {
      LongStream extras = Arrays.stream(family.extras()).map(extra -> extra & all);
      return (family.hasThresholdPart() ? LongStream.concat(extras, LongStream.of(family.universe() & all)) : extras)
          .toArray();
    }

    @Override
    public long[] containing(long x, long all) {
      long[] extras = family.extras();
      long[] containing = new long[extras.length];
      int count = 0;
      for (long extra : extras) {
        if ((x & ~extra) == 0) {
          containing[count++] = extra & all;
        }
      }
      return Arrays.copyOf(containing, count);
    }
  }
}
