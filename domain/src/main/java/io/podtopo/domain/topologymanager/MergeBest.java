package io.podtopo.domain.topologymanager;

import io.podtopo.domain.topology.NumaMask;

/**
 * The best merged hint met so far, kept with upstream's pairwise {@code compare}, implemented
 * literally: the one rule both merges ({@link HintMerger}, {@link ImplicitMerge}) keep their
 * candidates by.
 */
final class MergeBest {

  private final NumaInfo numaInfo;
  private final boolean compareByDistance;
  private final int bestNonPreferredAffinityCount;

  private boolean hasBest;
  private long bestBits;
  private boolean bestPreferred;

  MergeBest(NumaInfo numaInfo, boolean compareByDistance, int bestNonPreferredAffinityCount) {
    this.numaInfo = numaInfo;
    this.compareByDistance = compareByDistance;
    this.bestNonPreferredAffinityCount = bestNonPreferredAffinityCount;
  }

  boolean hasBest() {
    return hasBest;
  }

  /** The best hint, or {@code {defaultMask, not preferred}} when no candidate was kept. */
  TopologyHint hint(long defaultMask) {
    return hasBest
        ? TopologyHint.of(NumaMask.fromBits(bestBits), bestPreferred)
        : TopologyHint.of(NumaMask.fromBits(defaultMask), false);
  }

  void consider(long merged, boolean allPreferred) {
    if (compare(merged, allPreferred)) {
      hasBest = true;
      bestBits = merged;
      bestPreferred = allPreferred;
    }
  }

  /** Upstream {@code compare(current, candidate)}: true when the candidate replaces the best. */
  private boolean compare(long candidate, boolean candidatePreferred) {
    if (candidate == 0) {
      return false;
    }
    if (!hasBest) {
      return true;
    }
    if (!bestPreferred && candidatePreferred) {
      return true;
    }
    if (bestPreferred && !candidatePreferred) {
      return false;
    }
    if (bestPreferred) {
      return fitter(candidate, bestBits);
    }
    int best = bestNonPreferredAffinityCount;
    int current = Long.bitCount(bestBits);
    int count = Long.bitCount(candidate);
    if (current > best) {
      return fitter(candidate, bestBits);
    }
    if (current == best) {
      return count == best && fitter(candidate, bestBits);
    }
    if (count > best) {
      return false;
    }
    if (count == best) {
      return true;
    }
    if (count != current) {
      return count > current;
    }
    return fitter(candidate, bestBits);
  }

  /**
   * Upstream {@code CompareNUMAAffinityMasks}: whether {@code candidate} is fitter than
   * {@code current}; equal masks keep the current one (neither the value nor {@link NumaInfo#closest}
   * puts a mask before itself).
   */
  boolean fitter(long candidate, long current) {
    if (!compareByDistance) {
      int currentCount = Long.bitCount(current);
      int count = Long.bitCount(candidate);
      return count != currentCount ? count < currentCount : Long.compareUnsigned(candidate, current) < 0;
    }
    NumaMask kept = NumaMask.fromBits(current);
    return !numaInfo.closest(kept, NumaMask.fromBits(candidate)).equals(kept);
  }

  boolean comparesByDistance() {
    return compareByDistance;
  }
}
