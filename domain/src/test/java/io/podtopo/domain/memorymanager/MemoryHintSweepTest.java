package io.podtopo.domain.memorymanager;

import static io.podtopo.domain.memorymanager.MemoryFixtures.GI;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.TestPods;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.MaskFamily;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * MEM-2 and MEM-3 against upstream, deterministically: on machine states of 2 and 3 NUMA nodes
 * (every grouping of the nodes, each group used or not, every pattern of free memory, a hugepage
 * size on every node or on all but the last, reusable init-container memory on any mask), the described
 * hint list of {@link MemoryHintCalculator} (ADR 0007) holds exactly the masks upstream
 * {@code calculateHints} keeps, preferred alike, in its order; the default hint is upstream's
 * {@code getDefaultHint} and the extension of every mask {@code extendTopologyManagerHint}. The
 * states need not be ones the policy reaches: the hints are a function of any state.
 */
class MemoryHintSweepTest {

  private static final String MEMORY = "memory";
  private static final String PAGES = "hugepages-1Gi";
  private static final String POD = "p";
  private static final long[] FREE = {0, GI, 2 * GI};

  @Test
  void describedHintsDefaultAndExtendedHintsAreUpstreamsOnEverySmallState_mem2_mem3() {
    int cases = 0;
    for (int nodes = 2; nodes <= 3; nodes++) {
      List<ReusableInitMemory> reusables = reusables(nodes);
      for (SortedMap<Integer, NumaNodeState> machine : machines(nodes, Pages.NONE)) {
        MemoryMachineState state = new MemoryMachineState.Builder().nodes(machine).build();
        for (long memory : new long[] {GI, 2 * GI, 3 * GI, 5 * GI}) {
          cases += compare(state, request(memory, 0), ReusableInitMemory.none(), Behaviour.KUBELET);
        }
        for (ReusableInitMemory reusable : reusables) {
          cases += compare(state, request(2 * GI, 0), reusable, Behaviour.KUBELET);
          cases += compare(state, request(3 * GI, 0), reusable, Behaviour.KUBELET);
        }
      }
      for (Pages pages : List.of(Pages.EVERY_NODE, Pages.ALL_BUT_THE_LAST_NODE)) {
        Behaviour behaviour = pages == Pages.EVERY_NODE ? Behaviour.KUBELET : Behaviour.SPEC;
        for (SortedMap<Integer, NumaNodeState> machine : machines(nodes, pages)) {
          MemoryMachineState state = new MemoryMachineState.Builder().nodes(machine).build();
          cases += compare(state, request(GI, 2 * GI), ReusableInitMemory.none(), behaviour);
          cases += compare(state, request(3 * GI, GI), ReusableInitMemory.none(), behaviour);
        }
      }
    }
    assertThat(cases).as("states compared").isGreaterThan(5_000);
  }

  /**
   * A machine without memory information leaves a negative allocatable amount, which the threshold
   * search cannot weigh: the description lists such a machine's masks, and still answers as its
   * enumeration does.
   */
  @Test
  void aNegativeAllocatableAmountIsDescribedAsItsEnumeration_adr0007() {
    int cases = 0;
    for (SortedMap<Integer, NumaNodeState> machine : machines(3, Pages.NONE)) {
      machine.put(0, new NumaNodeState.Builder().from(machine.get(0))
          .memoryMap(Map.of(MEMORY, MemoryTable.of(0, GI, -GI, 0, -GI))).build());
      MemoryMachineState state = new MemoryMachineState.Builder().nodes(machine).build();
      for (long memory : new long[] {GI, 3 * GI}) {
        SortedMap<String, Long> request = request(memory, 0);
        MemoryHintCalculator calculator = new MemoryHintCalculator(state, QuirkLog.of(Behaviour.KUBELET));
        MaskFamily family = calculator.family(request, ReusableInitMemory.none(), POD);
        List<TopologyHint> enumerated = family.materialised().hints();
        assertSame(state, request, ReusableInitMemory.none(), Behaviour.KUBELET, enumerated);
        cases++;
      }
    }
    assertThat(cases).isGreaterThan(100);
  }

  private static int compare(MemoryMachineState state, SortedMap<String, Long> request, ReusableInitMemory reusable,
      Behaviour behaviour) {
    assertSame(state, request, reusable, behaviour, upstreamHints(state, request, reusable));
    return 1;
  }

  private static void assertSame(MemoryMachineState state, SortedMap<String, Long> request,
      ReusableInitMemory reusable, Behaviour behaviour, List<TopologyHint> expected) {
    Supplier<String> context = () -> state.nodes() + " " + request + " " + reusable.amounts();
    MemoryHintCalculator calculator = new MemoryHintCalculator(state, QuirkLog.of(behaviour));
    SortedMap<String, ResourceHints> hints = calculator.calculatePacked(request, reusable, POD);
    List<Long> all = masks(List.copyOf(state.nodes().keySet()));
    if (expected.isEmpty()) {
      assertThat(hints).as(context).isEmpty();
      assertThatThrownBy(() -> calculator.defaultHint(request, reusable, POD)).as(context)
          .hasMessage(MemoryHintCalculator.NO_DEFAULT_AFFINITY);
    } else {
      assertThat(hints).as(context).containsOnlyKeys(request.keySet());
      for (ResourceHints described : hints.values()) {
        MaskFamily family = described.family().orElseThrow();
        for (long mask : all) {
          TopologyHint listed = expected.stream().filter(hint -> bits(hint) == mask).findFirst().orElse(null);
          Supplier<String> masked = () -> context.get() + ", mask " + NumaMask.fromBits(mask);
          assertThat(family.contains(mask)).as(masked).isEqualTo(listed != null);
          if (listed != null) {
            assertThat(family.isPreferred(mask)).as(masked).isEqualTo(listed.preferred());
          }
        }
      }
      assertThat(hints.get(MEMORY).hints()).as(context).isEqualTo(expected);
      assertThat(calculator.defaultHint(request, reusable, POD)).as(context).isEqualTo(findBestHint(expected));
    }
    MaskFamily family = hints.isEmpty() ? null : hints.get(MEMORY).family().orElseThrow();
    for (long mask : all) {
      List<TopologyHint> containing = expected.stream().filter(hint -> (bits(hint) & mask) == mask).toList();
      Supplier<String> extending = () -> context.get() + ", extending " + NumaMask.fromBits(mask);
      OptionalLong best = family == null ? OptionalLong.empty() : family.best(mask);
      assertThat(best.isPresent()).as(extending).isEqualTo(!containing.isEmpty());
      if (best.isPresent()) {
        assertThat(TopologyHint.of(NumaMask.fromBits(best.getAsLong()), family.isPreferred(best.getAsLong())))
            .as(extending).isEqualTo(findBestHint(containing));
      }
    }
    long single = Long.lowestOneBit(all.get(all.size() - 1));
    List<TopologyHint> containing = expected.stream().filter(hint -> (bits(hint) & single) == single).toList();
    if (containing.isEmpty()) {
      assertThatThrownBy(() -> calculator.extendedHint(request, reusable, POD, NumaMask.fromBits(single)))
          .as(context).hasMessage(MemoryHintCalculator.NO_EXTENSION);
    } else {
      assertThat(calculator.extendedHint(request, reusable, POD, NumaMask.fromBits(single))).as(context)
          .isEqualTo(findBestHint(containing));
    }
  }

  /**
   * Upstream {@code calculateHints} as written, with podtopo's signed sizes, for a request whose
   * types all get the same list; a mask with a node lacking a requested type's table serves nothing
   * (decision D-11, where kubelet v1.37 crashes).
   */
  private static List<TopologyHint> upstreamHints(MemoryMachineState state, SortedMap<String, Long> request,
      ReusableInitMemory reusable) {
    List<Integer> nodes = List.copyOf(state.nodes().keySet());
    int minAffinitySize = nodes.size();
    List<Long> kept = new ArrayList<>();
    masks:
    for (long mask : masks(nodes)) {
      List<Integer> maskBits = NumaMask.fromBits(mask).nodes();
      boolean singleNumaHint = maskBits.size() == 1;
      for (Map.Entry<String, Long> requested : request.entrySet()) {
        long allocatable = 0;
        for (int node : maskBits) {
          MemoryTable table = state.nodes().get(node).memoryMap().get(requested.getKey());
          if (table == null) {
            continue masks;
          }
          allocatable += table.allocatable();
        }
        if (allocatable < requested.getValue()) {
          continue masks;
        }
      }
      minAffinitySize = Math.min(minAffinitySize, maskBits.size());
      if (singleNumaHint && state.nodes().get(maskBits.get(0)).cells().size() > 1) {
        continue;
      }
      for (int node : maskBits) {
        NumaNodeState nodeState = state.nodes().get(node);
        if (!singleNumaHint && nodeState.numberOfAssignments() > 0
            && (nodeState.cells().size() == 1 || !new TreeSet<>(nodeState.cells()).equals(new TreeSet<>(maskBits)))) {
          continue masks;
        }
      }
      for (Map.Entry<String, Long> requested : request.entrySet()) {
        long free = 0;
        for (int node : maskBits) {
          free += state.nodes().get(node).memoryMap().get(requested.getKey()).free();
        }
        if (free + reusable.of(POD, NumaMask.fromBits(mask), requested.getKey()) < requested.getValue()) {
          continue masks;
        }
      }
      kept.add(mask);
    }
    List<TopologyHint> hints = new ArrayList<>();
    for (long mask : kept) {
      hints.add(TopologyHint.of(NumaMask.fromBits(mask), Long.bitCount(mask) == minAffinitySize));
    }
    return hints;
  }

  /** Upstream {@code findBestHint}. */
  private static TopologyHint findBestHint(List<TopologyHint> hints) {
    TopologyHint best = null;
    for (TopologyHint hint : hints) {
      if (best == null || hint.preferred() && !best.preferred()
          || hint.preferred() == best.preferred() && narrower(bits(hint), bits(best))) {
        best = hint;
      }
    }
    return best;
  }

  /** Upstream {@code IsNarrowerThan}: fewer nodes, then the smaller value. */
  private static boolean narrower(long a, long b) {
    return Long.bitCount(a) < Long.bitCount(b)
        || Long.bitCount(a) == Long.bitCount(b) && Long.compareUnsigned(a, b) < 0;
  }

  private static long bits(TopologyHint hint) {
    return hint.affinity().orElseThrow().bits();
  }

  /** Upstream {@code IterateBitMasks}: by size, then by the nodes' positions. */
  private static List<Long> masks(List<Integer> nodes) {
    List<Long> masks = new ArrayList<>();
    for (int size = 1; size <= nodes.size(); size++) {
      combine(nodes, size, 0, 0L, masks);
    }
    return masks;
  }

  private static void combine(List<Integer> nodes, int left, int start, long mask, List<Long> masks) {
    if (left == 0) {
      masks.add(mask);
      return;
    }
    for (int i = start; i <= nodes.size() - left; i++) {
      combine(nodes, left - 1, i + 1, mask | 1L << nodes.get(i), masks);
    }
  }

  private enum Pages { NONE, EVERY_NODE, ALL_BUT_THE_LAST_NODE }

  /**
   * Every grouping of the nodes, each group used (one assignment per node) or not, with 2Gi of
   * allocatable memory per node and 0, 1Gi or 2Gi of it free; hugepages: 1Gi allocatable, free
   * when the node has free memory.
   */
  private static List<SortedMap<Integer, NumaNodeState>> machines(int nodes, Pages pages) {
    List<SortedMap<Integer, NumaNodeState>> machines = new ArrayList<>();
    for (List<List<Integer>> groups : groupings(nodes)) {
      for (int used = 0; used < 1 << groups.size(); used++) {
        int patterns = (int) Math.pow(FREE.length, nodes);
        for (int pattern = 0; pattern < patterns; pattern++) {
          SortedMap<Integer, NumaNodeState> machine = new TreeMap<>();
          int rest = pattern;
          for (int g = 0; g < groups.size(); g++) {
            for (int node : groups.get(g)) {
              long free = FREE[rest % FREE.length];
              rest /= FREE.length;
              NumaNodeState.Builder state = new NumaNodeState.Builder()
                  .numberOfAssignments((used >> g & 1) == 1 ? 1 : 0).cells(groups.get(g))
                  .putMemoryMap(MEMORY, MemoryTable.of(4 * GI, GI, 2 * GI, 2 * GI - free, free));
              if (pages == Pages.EVERY_NODE || pages == Pages.ALL_BUT_THE_LAST_NODE && node != nodes - 1) {
                long freePages = free == 0 ? 0 : GI;
                state.putMemoryMap(PAGES, MemoryTable.of(GI, 0, GI, GI - freePages, freePages));
              }
              machine.put(node, state.build());
            }
          }
          machines.add(machine);
        }
      }
    }
    return machines;
  }

  /** The partitions of nodes 0..n-1 into groups. */
  private static List<List<List<Integer>>> groupings(int nodes) {
    List<List<List<Integer>>> groupings = new ArrayList<>();
    groupings.add(new ArrayList<>());
    for (int node = 0; node < nodes; node++) {
      List<List<List<Integer>>> next = new ArrayList<>();
      for (List<List<Integer>> grouping : groupings) {
        for (int g = 0; g <= grouping.size(); g++) {
          List<List<Integer>> extended = new ArrayList<>();
          for (int i = 0; i < grouping.size(); i++) {
            List<Integer> group = new ArrayList<>(grouping.get(i));
            if (i == g) {
              group.add(node);
            }
            extended.add(List.copyOf(group));
          }
          if (g == grouping.size()) {
            extended.add(List.of(node));
          }
          next.add(extended);
        }
      }
      groupings = next;
    }
    return groupings;
  }

  /**
   * None, and 1Gi of memory of a standard init container of the pod on a single node, on pairs and on
   * every node.
   */
  private static List<ReusableInitMemory> reusables(int nodes) {
    Container init = TestPods.pinned("init", "1", "1Gi");
    Pod pod = new Pod.Builder().uid(POD).addInitContainer(init).addContainer(TestPods.pinned("app", "1", "1Gi"))
        .build();
    List<ReusableInitMemory> reusables = new ArrayList<>();
    reusables.add(ReusableInitMemory.none());
    long every = (1L << nodes) - 1;
    for (long mask : new TreeSet<>(List.of(0b1L, 0b11L, 0b110L, every))) {
      if ((mask & ~every) == 0) {
        reusables.add(ReusableInitMemory.none().afterAllocation(pod, init,
            List.of(MemoryBlock.of(NumaMask.fromBits(mask), MEMORY, GI))));
      }
    }
    return reusables;
  }

  private static SortedMap<String, Long> request(long memory, long hugepages) {
    SortedMap<String, Long> request = new TreeMap<>();
    request.put(MEMORY, memory);
    if (hugepages > 0) {
      request.put(PAGES, hugepages);
    }
    return request;
  }
}
