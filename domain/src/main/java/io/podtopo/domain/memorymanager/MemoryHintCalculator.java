package io.podtopo.domain.memorymanager;

import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.MaskFamily;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The NUMA reasoning of the Static policy over a machine state: hint calculation with the group
 * rules, the best hint, the default and the extended hint, and the group-violation check.
 *
 * <p>Group rules (single vs cross NUMA): a node that belongs to a multi-node group cannot serve a
 * single-NUMA allocation; a node in use by single-NUMA allocations, or by a different group, cannot
 * join a multi-NUMA allocation.
 *
 * <p>A mask containing a node without a table for a requested type (a hugepage size the node does
 * not have) can serve no request of that type. Kubelet v1.37 dereferences a nil table there and
 * panics ({@link KubeletQuirk#MEMORY_MISSING_TABLE}, decision D-11): reproducing the kubelet, such a
 * request throws {@link io.podtopo.domain.quirks.KubeletGivesNoAnswer}. Cadvisor lists every page
 * size on every node, so real machines never reach that case.
 */
final class MemoryHintCalculator {

  static final String NO_DEFAULT_AFFINITY =
      "[memorymanager] failed to get the default NUMA affinity, no NUMA nodes with enough memory is available";
  static final String NO_EXTENSION = "[memorymanager] failed to find NUMA nodes to extend the current topology hint";

  private final MemoryMachineState state;
  private final QuirkLog quirks;

  MemoryHintCalculator(MemoryMachineState state, QuirkLog quirks) {
    this.state = state;
    this.quirks = quirks;
  }

  /**
   * Upstream {@code calculateHints}, described ({@link MaskFamily}, ADR 0007). Upstream, for every
   * mask in {@code IterateBitMasks} order: skip it when its allocatable memory is too small for a
   * type; otherwise it counts for the minimum width; then skip it on a group rule or when free (plus
   * reusable init memory) is too small for a type; every requested type gets the same masks,
   * preferred iff the mask is as narrow as the narrowest mask with enough allocatable memory. Here
   * every type shares one {@link ResourceHints} whose list, when something asks for it, is
   * {@link #enumerated}; no mask at all gives an empty map, as the enumeration does.
   *
   * <p>The masks of {@code calculateHints} split into: the masks of two nodes or more made of nodes
   * with a table of every requested type that serve neither a single-NUMA allocation nor a group,
   * whose allocatable and free memory reach every request (the threshold part: the group rules
   * hold on such masks, and reusable init memory only adds); and the few others any mask of
   * {@code calculateHints} can be, each checked by the very rule the enumeration applies: single
   * nodes, the existing groups (a mask with a node of a group must be that group) and the masks
   * with reusable init memory of the pod. Preferred: as narrow as the narrowest mask whose
   * allocatable memory reaches every request (all nodes when none does).
   */
  SortedMap<String, ResourceHints> calculatePacked(SortedMap<String, Long> request, ReusableInitMemory reusable,
      String podUid) {
    MaskFamily family = family(request, reusable, podUid);
    SortedMap<String, ResourceHints> hints = new TreeMap<>();
    if (family.isEmpty()) {
      return hints;
    }
    ResourceHints described = ResourceHints.implicit(family);
    for (String type : request.keySet()) {
      hints.put(type, described);
    }
    return hints;
  }

  /** The description of {@code calculateHints}' masks (they are the same for every requested type). */
  MaskFamily family(SortedMap<String, Long> request, ReusableInitMemory reusable, String podUid) {
    List<Integer> nodes = List.copyOf(state.nodes().keySet());
    checkTables(nodes, request);
    long nodeBits = NumaMask.of(nodes).bits();
    Rules rules = new Rules(request, reusable, podUid);
    long withTables = 0;
    for (int node : nodes) {
      if (rules.tables.presentEverywhere(1L << node)) {
        withTables |= 1L << node;
      }
    }
    int types = rules.requested.length;
    long[][] weights = new long[2 * types][];
    long[] thresholds = new long[2 * types];
    for (int i = 0; i < types; i++) {
      weights[2 * i] = rules.tables.allocatable[i];
      weights[2 * i + 1] = rules.tables.free[i];
      thresholds[2 * i] = rules.requested[i];
      thresholds[2 * i + 1] = rules.requested[i];
    }
    // A reservation larger than its node (a machine without memory information) leaves a negative
    // allocatable amount, which the threshold search cannot weigh: such a node's masks are listed.
    boolean negative = Arrays.stream(weights).flatMapToLong(Arrays::stream).anyMatch(weight -> weight < 0);
    long universe = negative ? 0 : withTables & ~rules.groups.usedSingle & ~rules.groups.usedGrouped;
    long grouped = rules.groups.usedGrouped;
    long[] groupOf = rules.groups.groupOf;
    long allWithTables = withTables;
    return MaskFamily.over(nodeBits)
        .thresholdPart(universe, 0, 2, negative ? new long[0][] : weights, negative ? new long[0] : thresholds)
        .extras(() -> {
          if (negative) {
            return enumerated(nodes, rules).hints().stream().mapToLong(hint -> hint.affinity().orElseThrow().bits())
                .toArray();
          }
          List<Long> candidates = new ArrayList<>();
          for (int node : nodes) {
            candidates.add(1L << node);
          }
          for (long rest = grouped; rest != 0; rest &= rest - 1) {
            candidates.add(groupOf[Long.numberOfTrailingZeros(rest)]);
          }
          candidates.addAll(reusable.masksOf(podUid));
          return candidates.stream().mapToLong(Long::longValue)
              .filter(mask -> (mask & ~nodeBits) == 0 && rules.isHint(mask)).toArray();
        })
        .preferredWidth(() -> narrowestAllocatable(allWithTables, rules, nodes.size()))
        .description(() -> "masks of NUMA " + NumaMask.fromBits(universe) + " with " + request
            + " allocatable and free, or one of a few more; preferred width "
            + narrowestAllocatable(allWithTables, rules, nodes.size()))
        .enumeration(() -> enumerated(nodes, rules))
        .build();
  }

  /**
   * The {@code minAff} of {@code calculateHints}: the fewest nodes, all with tables, whose
   * allocatable memory reaches every request; all nodes when none do.
   */
  private static int narrowestAllocatable(long withTables, Rules rules, int nodes) {
    int fewest = MaskFamily.fewestNodesMeeting(withTables, rules.tables.allocatable, rules.requested);
    return fewest == 0 ? nodes : Math.min(fewest, nodes);
  }

  /**
   * Upstream {@code calculateHints} as it runs: every mask in {@code IterateBitMasks} order, kept
   * when {@link Rules#isHint} holds; preferred iff as narrow as the narrowest mask with enough
   * allocatable memory. No mask gives {@link ResourceHints#unsatisfiable()}.
   */
  private ResourceHints enumerated(List<Integer> nodes, Rules rules) {
    int[] minWidth = {nodes.size()};
    long[][] found = {new long[64]};
    int[] count = {0};
    NumaMask.forEachCombinationBits(nodes, bits -> {
      if (!rules.allocatableFits(bits)) {
        return;
      }
      minWidth[0] = Math.min(minWidth[0], Long.bitCount(bits));
      if (!rules.usableAndFree(bits)) {
        return;
      }
      if (count[0] == found[0].length) {
        found[0] = Arrays.copyOf(found[0], count[0] * 2);
      }
      found[0][count[0]++] = bits;
    });
    long[] masks = Arrays.copyOf(found[0], count[0]);
    BitSet preferred = new BitSet(masks.length);
    for (int i = 0; i < masks.length; i++) {
      preferred.set(i, Long.bitCount(masks[i]) == minWidth[0]);
    }
    return ResourceHints.ofMasks(masks, preferred);
  }

  /** The rules {@code calculateHints} applies to one mask, with the state read once. */
  private final class Rules {
    private final List<String> types;
    private final long[] requested;
    private final NodeTables tables;
    private final Groups groups = new Groups();
    private final ReusableInitMemory reusable;
    private final String podUid;
    private final long[] free;
    private final long[] allocatable;

    Rules(SortedMap<String, Long> request, ReusableInitMemory reusable, String podUid) {
      this.types = List.copyOf(request.keySet());
      this.requested = types.stream().mapToLong(request::get).toArray();
      this.tables = new NodeTables(types);
      this.reusable = reusable;
      this.podUid = podUid;
      this.free = new long[types.size()];
      this.allocatable = new long[types.size()];
    }

    /** Every node has a table of every type, and the allocatable memory reaches every request. */
    boolean allocatableFits(long bits) {
      Arrays.fill(free, 0);
      Arrays.fill(allocatable, 0);
      if (!tables.sum(bits, free, allocatable)) {
        return false;
      }
      for (int i = 0; i < requested.length; i++) {
        if (allocatable[i] < requested[i]) {
          return false;
        }
      }
      return true;
    }

    /** After {@link #allocatableFits}: the group rules hold and free plus reusable memory reach every request. */
    boolean usableAndFree(long bits) {
      if (groups.violatedForHints(bits)) {
        return false;
      }
      NumaMask mask = NumaMask.fromBits(bits);
      for (int i = 0; i < requested.length; i++) {
        if (free[i] + reusable.of(podUid, mask, types.get(i)) < requested[i]) {
          return false;
        }
      }
      return true;
    }

    /** Whether {@code calculateHints} keeps the mask. */
    boolean isHint(long bits) {
      return allocatableFits(bits) && usableAndFree(bits);
    }
  }

  /**
   * The group rules. In hint calculation a single-node mask is unusable when its node is grouped with
   * others; at allocation (upstream {@code isAffinityViolatingNUMAAllocations}) a single-node mask is
   * always allowed. A multi-node mask is unusable when a used member node serves single-NUMA
   * allocations or a different group.
   */
  boolean violatesGroups(NumaMask mask, boolean forHints) {
    List<Integer> bits = mask.nodes();
    if (bits.size() == 1) {
      NumaNodeState node = state.nodes().get(bits.get(0));
      return forHints && node != null && node.cells().size() > 1;
    }
    for (int id : bits) {
      NumaNodeState node = state.nodes().get(id);
      if (node == null || node.numberOfAssignments() <= 0) {
        continue;
      }
      if (node.cells().size() == 1 || !new TreeSet<>(node.cells()).equals(new TreeSet<>(bits))) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@link #violatesGroups}{@code (mask, true)} over mask bits, with the nodes' groups read once:
   * a single node in a group of several; a node used by single-NUMA allocations in a multi-node
   * mask; a used node of a group other than the mask.
   */
  private final class Groups {
    private long grouped;
    private long usedSingle;
    private long usedGrouped;
    private final long[] groupOf = new long[NumaMask.MAX_NODE_ID + 1];

    Groups() {
      state.nodes().forEach((id, node) -> {
        long bit = 1L << id;
        if (node.cells().size() > 1) {
          grouped |= bit;
        }
        if (node.numberOfAssignments() > 0) {
          if (node.cells().size() == 1) {
            usedSingle |= bit;
          } else {
            usedGrouped |= bit;
            groupOf[id] = NumaMask.of(node.cells()).bits();
          }
        }
      });
    }

    boolean violatedForHints(long mask) {
      if (Long.bitCount(mask) == 1) {
        return (mask & grouped) != 0;
      }
      if ((mask & usedSingle) != 0) {
        return true;
      }
      for (long rest = mask & usedGrouped; rest != 0; rest &= rest - 1) {
        if (groupOf[Long.numberOfTrailingZeros(rest)] != mask) {
          return true;
        }
      }
      return false;
    }
  }

  /** Upstream {@code isAffinitySatisfyRequest}: the mask's free memory covers every type. */
  boolean satisfies(NumaMask mask, SortedMap<String, Long> request) {
    checkTables(mask.nodes(), request);
    return hasTables(mask, request)
        && request.entrySet().stream().allMatch(entry -> sum(mask, entry.getKey(), true) >= entry.getValue());
  }

  /**
   * Upstream {@code getDefaultHint}: the best calculated {@code memory} hint, asked of the
   * description ({@link MaskFamily#best}) rather than of the enumerated list.
   */
  TopologyHint defaultHint(SortedMap<String, Long> request, ReusableInitMemory reusable, String podUid) {
    MaskFamily family = family(request, reusable, podUid);
    if (family.isEmpty()) {
      throw new MemoryManagerException(NO_DEFAULT_AFFINITY);
    }
    if (!request.containsKey(Resources.MEMORY)) {
      return best(List.of());
    }
    long mask = family.best(0).orElseThrow();
    return TopologyHint.of(NumaMask.fromBits(mask), family.isPreferred(mask));
  }

  /**
   * Upstream {@code extendTopologyManagerHint}: the best calculated {@code memory} hint whose mask
   * contains {@code mask}, asked of the description (the narrowest preferred member containing it,
   * else the narrowest member) without enumerating the masks.
   */
  TopologyHint extendedHint(SortedMap<String, Long> request, ReusableInitMemory reusable, String podUid,
      NumaMask mask) {
    MaskFamily family = family(request, reusable, podUid);
    if (family.isEmpty() || !request.containsKey(Resources.MEMORY)) {
      throw new MemoryManagerException(NO_EXTENSION);
    }
    OptionalLong extended = family.best(mask.bits());
    if (extended.isEmpty()) {
      throw new MemoryManagerException(NO_EXTENSION);
    }
    return TopologyHint.of(NumaMask.fromBits(extended.getAsLong()), family.isPreferred(extended.getAsLong()));
  }

  /**
   * Upstream {@code findBestHint}: the first hint, replaced by a preferred one when it is not, or by
   * a narrower one of equal preference. No hint gives the zero hint (any, not preferred).
   */
  static TopologyHint best(List<TopologyHint> hints) {
    TopologyHint best = TopologyHint.any(false);
    for (TopologyHint hint : hints) {
      if (best.affinity().isEmpty()) {
        best = hint;
      } else if (hint.preferred() && !best.preferred()) {
        best = hint;
      } else if (hint.preferred() == best.preferred()
          && hint.affinity().orElseThrow().isNarrowerThan(best.affinity().orElseThrow())) {
        best = hint;
      }
    }
    return best;
  }

  /**
   * Upstream {@code regenerateHints}: one preferred hint per stored block, or nil when the blocks do
   * not match the request in number, type and size.
   */
  static MemoryHints regenerate(List<MemoryBlock> blocks, SortedMap<String, Long> request) {
    SortedMap<String, List<TopologyHint>> hints = new TreeMap<>();
    request.keySet().forEach(type -> hints.put(type, new ArrayList<>()));
    if (blocks.size() != request.size()) {
      return MemoryHints.noPreference();
    }
    for (MemoryBlock block : blocks) {
      Long requested = request.get(block.type());
      if (requested == null || requested != block.size()) {
        return MemoryHints.noPreference();
      }
      hints.get(block.type()).add(TopologyHint.of(block.mask(), true));
    }
    return MemoryHints.of(hints);
  }

  /** Free and allocatable memory per node and requested type, read once per calculation. */
  private final class NodeTables {
    private final long[][] free;
    private final long[][] allocatable;
    private final boolean[][] present;

    NodeTables(List<String> types) {
      int size = NumaMask.MAX_NODE_ID + 1;
      free = new long[types.size()][size];
      allocatable = new long[types.size()][size];
      present = new boolean[types.size()][size];
      for (int i = 0; i < types.size(); i++) {
        for (int id : state.nodes().keySet()) {
          MemoryTable table = state.table(id, types.get(i)).orElse(null);
          if (table != null) {
            present[i][id] = true;
            free[i][id] = table.free();
            allocatable[i][id] = table.allocatable();
          }
        }
      }
    }

    /** Whether every node of the mask has a table of every type. */
    boolean presentEverywhere(long mask) {
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        int id = Long.numberOfTrailingZeros(rest);
        for (boolean[] type : present) {
          if (!type[id]) {
            return false;
          }
        }
      }
      return true;
    }

    /** Sums the mask's memory per type; false when a node of the mask lacks a type's table. */
    boolean sum(long mask, long[] freeSums, long[] allocatableSums) {
      for (long rest = mask; rest != 0; rest &= rest - 1) {
        int id = Long.numberOfTrailingZeros(rest);
        for (int i = 0; i < freeSums.length; i++) {
          if (!present[i][id]) {
            return false;
          }
          freeSums[i] += free[i][id];
          allocatableSums[i] += allocatable[i][id];
        }
      }
      return true;
    }
  }

  /**
   * Where kubelet v1.37 reads the table of every requested type on each of {@code nodes}: a missing
   * one is a nil dereference ({@link KubeletQuirk#MEMORY_MISSING_TABLE}).
   */
  private void checkTables(List<Integer> nodes, SortedMap<String, Long> request) {
    for (int id : nodes) {
      for (String type : request.keySet()) {
        if (state.table(id, type).isEmpty()) {
          if (quirks.reproducesKubelet(KubeletQuirk.MEMORY_MISSING_TABLE)) {
            throw quirks.noAnswer(KubeletQuirk.MEMORY_MISSING_TABLE);
          }
          quirks.reached(KubeletQuirk.MEMORY_MISSING_TABLE);
          return;
        }
      }
    }
  }

  private boolean hasTables(NumaMask mask, SortedMap<String, Long> request) {
    for (int id : mask.nodes()) {
      for (String type : request.keySet()) {
        if (state.table(id, type).isEmpty()) {
          return false;
        }
      }
    }
    return true;
  }

  private long sum(NumaMask mask, String type, boolean free) {
    long total = 0;
    for (int id : mask.nodes()) {
      MemoryTable table = state.table(id, type).orElseThrow();
      total += free ? table.free() : table.allocatable();
    }
    return total;
  }
}
