package io.podtopo.domain.topologymanager;

/**
 * A bound on the steps of one implicit search ({@link MaskSearch}, {@link ImplicitMerge}): the
 * searches are exact, and on adversarial inputs could run long; past the bound they stop with
 * {@link Exhausted} instead of answering, and the caller enumerates the masks when the machine is
 * small enough, or reports the named limitation ({@link ImplicitMergeLimitException}).
 */
final class SearchBudget {

  /** The search ran out of steps before it could answer exactly. */
  static final class Exhausted extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Exhausted() {
      super("search budget exhausted", null, false, false);
    }
  }

  private long left;

  SearchBudget(long steps) {
    this.left = steps;
  }

  /** A budget too large to be met by any search of these classes. */
  static SearchBudget unbounded() {
    return new SearchBudget(Long.MAX_VALUE);
  }

  /** The budget of a search on {@code nodes} NUMA nodes: about what enumerating them would cost. */
  static SearchBudget forNodes(int nodes) {
    return new SearchBudget(nodes <= 20 ? Math.max(1L << 18, 16L << nodes) : 40_000_000L);
  }

  void tick() {
    if (--left < 0) {
      throw new Exhausted();
    }
  }
}
