package io.podtopo.domain.memorymanager;

import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
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
 * not have) can serve no request of that type. Upstream dereferences a nil table there; cadvisor
 * lists every page size on every node, so real machines never reach that case.
 */
final class MemoryHintCalculator {

  static final String NO_DEFAULT_AFFINITY =
      "[memorymanager] failed to get the default NUMA affinity, no NUMA nodes with enough memory is available";
  static final String NO_EXTENSION = "[memorymanager] failed to find NUMA nodes to extend the current topology hint";

  private final MemoryMachineState state;

  MemoryHintCalculator(MemoryMachineState state) {
    this.state = state;
  }

  /**
   * Upstream {@code calculateHints}: for every mask in {@code IterateBitMasks} order, skip it when its
   * allocatable memory is too small for a type; otherwise it counts for the minimum width; then skip
   * it on a group rule or when free (plus reusable init memory) is too small for a type. Every
   * requested type gets the same masks; preferred iff the mask is as narrow as the narrowest mask with
   * enough allocatable memory. No mask at all gives an empty map.
   */
  SortedMap<String, List<TopologyHint>> calculate(SortedMap<String, Long> request, ReusableInitMemory reusable,
      String podUid) {
    SortedMap<String, List<TopologyHint>> hints = new TreeMap<>();
    calculatePacked(request, reusable, podUid).forEach((type, packed) -> hints.put(type, packed.hints()));
    return hints;
  }

  /**
   * {@link #calculate}, packed: every type shares one {@link ResourceHints} of masks, without a hint
   * object each.
   */
  SortedMap<String, ResourceHints> calculatePacked(SortedMap<String, Long> request, ReusableInitMemory reusable,
      String podUid) {
    List<Integer> nodes = List.copyOf(state.nodes().keySet());
    List<String> types = List.copyOf(request.keySet());
    long[] requested = types.stream().mapToLong(request::get).toArray();
    NodeTables tables = new NodeTables(types);
    int[] minWidth = {nodes.size()};
    long[][] found = {new long[64]};
    int[] count = {0};
    long[] free = new long[types.size()];
    long[] allocatable = new long[types.size()];
    Groups groups = new Groups();
    NumaMask.forEachCombinationBits(nodes, bits -> {
      Arrays.fill(free, 0);
      Arrays.fill(allocatable, 0);
      if (!tables.sum(bits, free, allocatable)) {
        return;
      }
      for (int i = 0; i < requested.length; i++) {
        if (allocatable[i] < requested[i]) {
          return;
        }
      }
      minWidth[0] = Math.min(minWidth[0], Long.bitCount(bits));
      if (groups.violatedForHints(bits)) {
        return;
      }
      NumaMask mask = NumaMask.fromBits(bits);
      for (int i = 0; i < requested.length; i++) {
        if (free[i] + reusable.of(podUid, mask, types.get(i)) < requested[i]) {
          return;
        }
      }
      if (count[0] == found[0].length) {
        found[0] = Arrays.copyOf(found[0], count[0] * 2);
      }
      found[0][count[0]++] = bits;
    });
    SortedMap<String, ResourceHints> hints = new TreeMap<>();
    if (count[0] == 0) {
      return hints;
    }
    long[] masks = Arrays.copyOf(found[0], count[0]);
    BitSet preferred = new BitSet(masks.length);
    for (int i = 0; i < masks.length; i++) {
      preferred.set(i, Long.bitCount(masks[i]) == minWidth[0]);
    }
    ResourceHints packed = ResourceHints.ofMasks(masks, preferred);
    for (String type : request.keySet()) {
      hints.put(type, packed);
    }
    return hints;
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
    return hasTables(mask, request)
        && request.entrySet().stream().allMatch(entry -> sum(mask, entry.getKey(), true) >= entry.getValue());
  }

  /** Upstream {@code getDefaultHint}: the best calculated {@code memory} hint. */
  TopologyHint defaultHint(SortedMap<String, Long> request, ReusableInitMemory reusable, String podUid) {
    SortedMap<String, List<TopologyHint>> hints = calculate(request, reusable, podUid);
    if (hints.isEmpty()) {
      throw new MemoryManagerException(NO_DEFAULT_AFFINITY);
    }
    return best(hints.getOrDefault(Resources.MEMORY, List.of()));
  }

  /**
   * Upstream {@code extendTopologyManagerHint}: the best calculated {@code memory} hint whose mask
   * contains {@code mask}.
   */
  TopologyHint extendedHint(SortedMap<String, Long> request, ReusableInitMemory reusable, String podUid,
      NumaMask mask) {
    List<TopologyHint> containing = calculate(request, reusable, podUid)
        .getOrDefault(Resources.MEMORY, List.of()).stream()
        .filter(hint -> mask.isSubsetOf(hint.affinity().orElseThrow()))
        .toList();
    if (containing.isEmpty()) {
      throw new MemoryManagerException(NO_EXTENSION);
    }
    return best(containing);
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
