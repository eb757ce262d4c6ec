package io.podtopo.domain.topologymanager;

import java.util.Arrays;
import java.util.OptionalLong;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * A hint list described instead of listed (issue 9, ADR 0007): the masks the CPU Manager's
 * {@code generateCPUTopologyHints} and the Memory Manager's {@code calculateHints} would enumerate
 * over all {@code 2^N} combinations of the machine's {@code N} NUMA nodes, as a rule the merge and
 * the Memory Manager's allocation can query.
 *
 * <p>A mask {@code X} is a member when it is one of the {@linkplain Builder#extras explicit
 * extras}, or when it lies in the <em>threshold part</em>: {@code required ⊆ X ⊆ universe},
 * {@code |X| ≥ minSize} and, for every dimension {@code d}, {@code Σ_{n∈X} weights[d][n] ≥
 * thresholds[d]}. The threshold part is closed upwards inside the universe (weights are never
 * negative), so it is empty exactly when the universe itself is not a member. A member is
 * preferred when it has {@code preferredWidth} nodes, or (the CPU Manager's
 * {@code align-by-socket}) when the NUMA nodes span exactly {@code minSockets} sockets.
 *
 * <ul>
 *   <li>CPU: universe all nodes, required the nodes of the reusable CPUs, one dimension (free CPUs
 *       per node, threshold the request less the reusable CPUs), no extras; preferred width the
 *       narrowest <em>capacity</em> that fits.</li>
 *   <li>Memory: universe the nodes with a table of every requested type and serving neither a
 *       single-NUMA allocation nor a group, minimum size 2, two dimensions per type (allocatable
 *       and free); the extras are the single nodes, the existing groups and the masks with reusable
 *       init memory that pass every rule of {@code calculateHints}; preferred width the narrowest
 *       allocatable that fits.</li>
 * </ul>
 *
 * <p>The list in {@code IterateBitMasks} order, when something needs it (the vectors,
 * {@code --explain}, machines of few nodes), comes from the provider's own enumeration, unchanged
 * ({@link #materialised()}), so it is identical to what the providers produced before; property
 * tests check that the description and the list agree mask by mask.
 */
public final class MaskFamily {

  /** The most NUMA nodes on which the list is ever enumerated: 2^20 masks. */
  public static final int MAX_MATERIALISED_NODES = 20;

  private final long nodes;
  private final long universe;
  private final long required;
  private final int minSize;
  private final long[][] weights;
  private final long[] thresholds;
  /** The extras, sorted, computed on first use (an enumerated list never needs them). */
  private final Lazy<long[]> extras;
  /** The preferred width, computed on first use. */
  private final Lazy<Integer> preferredWidth;
  private final long[] socketsOfNode;
  private final int minSockets;
  private final Supplier<String> description;
  /** The provider's own enumeration, run on first use. */
  private final Lazy<ResourceHints> materialised;
  private final boolean thresholdPartEmpty;

  private MaskFamily(Builder builder) {
    this.nodes = builder.nodes;
    this.universe = builder.universe & builder.nodes;
    this.required = builder.required;
    this.minSize = Math.max(1, builder.minSize);
    this.weights = builder.weights;
    this.thresholds = builder.thresholds;
    long nodeBits = builder.nodes;
    Supplier<long[]> extrasGiven = builder.extras;
    this.extras = Lazy.of(() -> Arrays.stream(extrasGiven.get()).filter(mask -> mask != 0 && (mask & ~nodeBits) == 0)
        .sorted().distinct().toArray());
    this.preferredWidth = Lazy.of(builder.preferredWidth::getAsInt);
    this.socketsOfNode = builder.socketsOfNode;
    this.minSockets = builder.socketsOfNode == null ? 0 : builder.minSockets;
    this.description = builder.description;
    this.materialised = Lazy.of(builder.enumeration);
    this.thresholdPartEmpty = !inThresholdPart(universe);
  }

  /** A builder for a family over the machine's NUMA nodes {@code nodes} (bits). */
  public static Builder over(long nodes) {
    return new Builder(nodes);
  }

  /** The machine's NUMA nodes (bits). */
  public long nodes() {
    return nodes;
  }

  /** The number of NUMA nodes of the machine. */
  public int nodeCount() {
    return Long.bitCount(nodes);
  }

  /** Whether {@code mask} is a hint of the list. */
  public boolean contains(long mask) {
    return mask != 0 && (mask & ~nodes) == 0 && (inThresholdPart(mask) || Arrays.binarySearch(extras(), mask) >= 0);
  }

  /** Whether a member {@code mask} is a preferred hint. */
  public boolean isPreferred(long mask) {
    return Long.bitCount(mask) == preferredWidth() || (minSockets > 0 && socketCount(mask) == minSockets);
  }

  /** Whether the list has no hint. */
  public boolean isEmpty() {
    return thresholdPartEmpty && extras().length == 0;
  }

  /** The width of the preferred hints (all of them but socket-aligned ones). */
  public int preferredWidth() {
    return preferredWidth.get();
  }

  /** A one-line account of the rule, for {@code --explain} on many nodes. */
  public String description() {
    return description.get();
  }

  /**
   * The list as the provider enumerates it, in {@code IterateBitMasks} order; refused on more than
   * {@value #MAX_MATERIALISED_NODES} nodes.
   */
  public ResourceHints materialised() {
    if (!isMaterialisable()) {
      throw new IllegalStateException("a hint list on " + nodeCount() + " NUMA nodes has up to 2^" + nodeCount()
          + " masks and is not listed (more than " + MAX_MATERIALISED_NODES + " nodes): " + description());
    }
    return materialised.get();
  }

  /** Whether {@link #materialised()} can list the hints. */
  public boolean isMaterialisable() {
    return nodeCount() <= MAX_MATERIALISED_NODES;
  }

  /**
   * The fewest nodes of {@code allowed} whose weights reach every threshold, or 0 when not even all
   * of them do: an exact search ({@link MaskSearch}), width by width.
   */
  public static int fewestNodesMeeting(long allowed, long[][] weights, long[] thresholds) {
    MaskSearch search = new MaskSearch(allowed, 0, weights, thresholds, null, SearchBudget.unbounded());
    for (int width = 1; width <= Long.bitCount(allowed); width++) {
      if (search.first(width) != 0) {
        return width;
      }
    }
    return 0;
  }

  // Queries used by the merge -------------------------------------------------------------------

  boolean hasSocketPreference() {
    return minSockets > 0;
  }

  long universe() {
    return universe;
  }

  long required() {
    return required;
  }

  int minSize() {
    return minSize;
  }

  long[][] weights() {
    return weights;
  }

  long[] thresholds() {
    return thresholds;
  }

  long[] extras() {
    return extras.get();
  }

  /** Whether the threshold part has a member (then the universe is its widest one). */
  boolean hasThresholdPart() {
    return !thresholdPartEmpty;
  }

  /** Whether a member of the threshold part contains {@code mask} (then the universe does). */
  boolean hasThresholdMemberContaining(long mask) {
    return !thresholdPartEmpty && (mask & ~universe) == 0;
  }

  boolean inThresholdPart(long mask) {
    if (mask == 0 || (mask & ~universe) != 0 || (required & ~mask) != 0 || Long.bitCount(mask) < minSize) {
      return false;
    }
    for (int d = 0; d < thresholds.length; d++) {
      long sum = 0;
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        sum += weights[d][Long.numberOfTrailingZeros(rest)];
      }
      if (sum < thresholds[d]) {
        return false;
      }
    }
    return true;
  }

  private int socketCount(long mask) {
    long sockets = 0;
    for (long rest = mask; rest != 0; rest &= rest - 1) {
      sockets |= socketsOfNode[Long.numberOfTrailingZeros(rest)];
    }
    return Long.bitCount(sockets);
  }

  /** A walk over the threshold part's members containing {@code containing}. */
  MaskSearch thresholdSearch(long containing, SearchBudget budget) {
    return new MaskSearch(universe, required | containing, weights, thresholds, null, budget);
  }

  /**
   * Upstream {@code maxOfMinAffinityCounts}' term for this list: the fewest nodes of a member.
   */
  int narrowestWidth(SearchBudget budget) {
    int narrowest = Integer.MAX_VALUE;
    for (long extra : extras()) {
      narrowest = Math.min(narrowest, Long.bitCount(extra));
    }
    if (!thresholdPartEmpty) {
      MaskSearch search = thresholdSearch(0, budget);
      for (int width = Math.max(minSize, Long.bitCount(required)); width < narrowest; width++) {
        if (search.first(width) != 0) {
          return width;
        }
      }
    }
    return narrowest;
  }

  /**
   * Upstream {@code filterSingleNumaHints} on this list: its preferred single-node hints, in node
   * order (the order they have in the enumerated list).
   */
  MergeList singleNumaNode() {
    int count = 0;
    long[] singles = new long[nodeCount()];
    for (long rest = nodes; rest != 0; rest &= rest - 1) {
      long single = rest & -rest;
      if (contains(single) && isPreferred(single)) {
        singles[count++] = single;
      }
    }
    long[] bits = Arrays.copyOf(singles, count);
    boolean[] flags = new boolean[count];
    Arrays.fill(flags, true);
    return new MergeList(bits, flags, flags.clone());
  }

  /**
   * Upstream {@code findBestHint} over the members containing {@code containing} (0: all
   * members): the narrowest preferred one, else the narrowest one ({@code IsNarrowerThan}: fewer
   * nodes, then the smaller value); empty when no member contains it.
   */
  public OptionalLong best(long containing) {
    SearchBudget budget = SearchBudget.unbounded();
    int from = Math.max(1, Long.bitCount(containing));
    if (hasSocketPreference()) {
      for (int width = from; width <= nodeCount(); width++) {
        long found = narrowestAt(width, containing, true, budget);
        if (found != 0) {
          return OptionalLong.of(found);
        }
      }
    } else if (preferredWidth() >= from) {
      long found = narrowestAt(preferredWidth(), containing, true, budget);
      if (found != 0) {
        return OptionalLong.of(found);
      }
    }
    for (int width = from; width <= nodeCount(); width++) {
      long found = narrowestAt(width, containing, false, budget);
      if (found != 0) {
        return OptionalLong.of(found);
      }
    }
    return OptionalLong.empty();
  }

  /** The smallest member of {@code width} nodes containing {@code containing} (preferred only if asked); 0 if none. */
  private long narrowestAt(int width, long containing, boolean preferredOnly, SearchBudget budget) {
    long best = 0;
    for (long extra : extras()) {
      if (Long.bitCount(extra) == width && (extra & containing) == containing && (!preferredOnly || isPreferred(extra))
          && (best == 0 || Long.compareUnsigned(extra, best) < 0)) {
        best = extra;
      }
    }
    if (!thresholdPartEmpty && width >= minSize) {
      long[] found = {0};
      thresholdSearch(containing, budget).walk(width, mask -> {
        if (preferredOnly && !isPreferred(mask)) {
          return false;
        }
        found[0] = mask;
        return true;
      });
      if (found[0] != 0 && (best == 0 || Long.compareUnsigned(found[0], best) < 0)) {
        best = found[0];
      }
    }
    return best;
  }

  @Override
  public String toString() {
    return description();
  }

  /** Builds a {@link MaskFamily}; every part but the node set is optional. */
  public static final class Builder {
    private final long nodes;
    private long universe;
    private long required;
    private int minSize = 1;
    private long[][] weights = new long[0][];
    private long[] thresholds = new long[0];
    private Supplier<long[]> extras = () -> new long[0];
    private IntSupplier preferredWidth;
    private long[] socketsOfNode;
    private int minSockets;
    private Supplier<String> description = () -> "";
    private Supplier<ResourceHints> enumeration;

    private Builder(long nodes) {
      this.nodes = nodes;
      this.universe = nodes;
      int all = Long.bitCount(nodes);
      this.preferredWidth = () -> all;
    }

    /**
     * The threshold part: masks between {@code required} and {@code universe} of at least
     * {@code minSize} nodes whose weights ({@code weights[d][node]}, never negative) reach
     * {@code thresholds[d]} in every dimension. No universe (0) means no threshold part.
     */
    public Builder thresholdPart(long universe, long required, int minSize, long[][] weights, long[] thresholds) {
      for (long[] row : weights) {
        for (long weight : row) {
          if (weight < 0) {
            throw new IllegalArgumentException("negative weight " + weight);
          }
        }
      }
      this.universe = universe;
      this.required = required;
      this.minSize = minSize;
      this.weights = weights;
      this.thresholds = thresholds;
      return this;
    }

    /** Members outside the threshold part rule, each already checked against the provider's rules. */
    public Builder extras(long[] extras) {
      long[] copy = extras.clone();
      this.extras = () -> copy;
      return this;
    }

    /** {@link #extras(long[])} computed only when the family is queried, not when it is listed. */
    public Builder extras(Supplier<long[]> extras) {
      this.extras = extras;
      return this;
    }

    /** Members of this many nodes are preferred. */
    public Builder preferredWidth(int width) {
      this.preferredWidth = () -> width;
      return this;
    }

    /** {@link #preferredWidth(int)} computed only when the family is queried. */
    public Builder preferredWidth(IntSupplier width) {
      this.preferredWidth = width;
      return this;
    }

    /** Members whose nodes span exactly {@code minSockets} sockets are preferred too. */
    public Builder socketPreference(long[] socketsOfNode, int minSockets) {
      this.socketsOfNode = socketsOfNode.clone();
      this.minSockets = minSockets;
      return this;
    }

    /** The rule in words, built only when asked for. */
    public Builder description(Supplier<String> description) {
      this.description = description;
      return this;
    }

    /** The provider's own enumeration of the list, run at most once and only when needed. */
    public Builder enumeration(Supplier<ResourceHints> enumeration) {
      this.enumeration = enumeration;
      return this;
    }

    public MaskFamily build() {
      if (enumeration == null) {
        throw new IllegalStateException("a mask family needs its enumeration");
      }
      return new MaskFamily(this);
    }
  }
}
