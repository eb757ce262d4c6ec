package io.podtopo.domain.topologymanager;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.TestPods;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * ADR 0007, deterministically: on machines of 2 to 4 NUMA nodes (two CPUs each, one or two sockets,
 * distances that make some pairs closer), every CPU Manager description of every free-CPU pattern
 * and request, alone, beside a second description and beside a listed list, is merged by
 * {@link ImplicitMerge} exactly as the listing merge ({@link HintMerger}) merges the same providers'
 * enumerated lists, under best-effort, restricted and single-numa-node, with and without
 * {@code prefer-closest-numa-nodes}, with and without {@code align-by-socket}. The properties of the
 * conformance module compare whole admissions on random machines; this sweep covers every small case,
 * in a second.
 */
class ImplicitMergeSweepTest {

  private static final List<TopologyManagerPolicy> MERGING = List.of(TopologyManagerPolicy.BEST_EFFORT,
      TopologyManagerPolicy.RESTRICTED, TopologyManagerPolicy.SINGLE_NUMA_NODE);
  private static final int CPUS_PER_NODE = 2;

  @Test
  void describedListsMergeAsTheirEnumeratedListsOnEverySmallCase_adr0007() {
    int cases = 0;
    for (int nodes = 2; nodes <= 4; nodes++) {
      for (int sockets = 1; sockets <= 2; sockets++) {
        if (nodes % sockets != 0) {
          continue;
        }
        Machine machine = machine(nodes, sockets);
        for (boolean bySocket : new boolean[] {false, true}) {
          StaticPolicy cpus = policy(machine, bySocket);
          List<ResourceHints> families = families(cpus, nodes);
          NumaInfo numaInfo = NumaInfo.of(machine.numaNodeIds(), distances(nodes, sockets));
          SplittableRandom pick = new SplittableRandom(nodes * 10L + sockets);
          for (ResourceHints first : families) {
            List<List<ProviderHints>> inputs = new ArrayList<>();
            inputs.add(List.of(ProviderHints.of("cpu", first)));
            inputs.add(List.of(ProviderHints.of("cpu", first),
                ProviderHints.of("memory", families.get(pick.nextInt(families.size())))));
            inputs.add(List.of(ProviderHints.of("device", listed(nodes, pick)), ProviderHints.of("cpu", first)));
            for (List<ProviderHints> providers : inputs) {
              for (TopologyManagerPolicy policy : MERGING) {
                for (boolean closest : new boolean[] {false, true}) {
                  TopologyManagerOptions options = new TopologyManagerOptions.Builder()
                      .preferClosestNumaNodes(closest).build();
                  TopologyPolicy merging = TopologyPolicy.of(policy, numaInfo, options);
                  assertThat(merging.withImplicitHintsAbove(0).merge(providers))
                      .as("%s, %d nodes on %d sockets, align-by-socket %s, prefer-closest %s: %s", policy, nodes,
                          sockets, bySocket, closest, providers)
                      .isEqualTo(merging.withImplicitHintsAbove(64).merge(providers));
                  cases++;
                }
              }
            }
          }
        }
      }
    }
    assertThat(cases).as("merges compared").isGreaterThan(10_000);
  }

  /**
   * The CPU Manager's answer on this machine for each free-CPU pattern and each request: a description
   * where some mask can hold the request, a plain list where none can.
   */
  private static List<ResourceHints> families(StaticPolicy policy, int nodes) {
    List<ResourceHints> families = new ArrayList<>();
    int patterns = (int) Math.pow(CPUS_PER_NODE + 1, nodes);
    for (int pattern = 0; pattern < patterns; pattern++) {
      CpuSet.Builder free = new CpuSet.Builder();
      int rest = pattern;
      for (int node = 0; node < nodes; node++) {
        int count = rest % (CPUS_PER_NODE + 1);
        rest /= CPUS_PER_NODE + 1;
        for (int i = 0; i < count; i++) {
          free.add(node * CPUS_PER_NODE + i);
        }
      }
      for (long request = 1; request <= (long) nodes * CPUS_PER_NODE; request++) {
        families.add(cpuHints(policy, free.build(), request));
      }
    }
    assertThat(families).as("descriptions among them").filteredOn(hints -> hints.family().isPresent())
        .hasSizeGreaterThanOrEqualTo(families.size() / 3);
    return families;
  }

  /** A device plugin's list: up to three masks, each preferred or not, some of them the any hint. */
  private static ResourceHints listed(int nodes, SplittableRandom pick) {
    List<TopologyHint> hints = new ArrayList<>();
    int count = 1 + pick.nextInt(3);
    for (int i = 0; i < count; i++) {
      long bits = pick.nextLong(1L << nodes);
      boolean preferred = pick.nextBoolean();
      hints.add(bits == 0 ? TopologyHint.any(preferred) : TopologyHint.of(NumaMask.fromBits(bits), preferred));
    }
    return ResourceHints.of(hints);
  }

  private static Machine machine(int nodes, int sockets) {
    List<Cpu> cpus = new ArrayList<>();
    for (int node = 0; node < nodes; node++) {
      int socket = node * sockets / nodes;
      for (int i = 0; i < CPUS_PER_NODE; i++) {
        int id = node * CPUS_PER_NODE + i;
        cpus.add(Cpu.of(id, id, socket, node, socket));
      }
    }
    Machine.Builder machine = new Machine.Builder().name(nodes + "-nodes-" + sockets + "-sockets").cpus(cpus);
    for (int node = 0; node < nodes; node++) {
      machine.addNumaNode(NumaNode.of(node, 1L << 30));
    }
    return machine.build();
  }

  /** 10 to itself, 12 within a socket, 20 + the ids' difference across sockets: closeness varies. */
  private static Map<Integer, List<Long>> distances(int nodes, int sockets) {
    Map<Integer, List<Long>> rows = new TreeMap<>();
    for (int a = 0; a < nodes; a++) {
      List<Long> row = new ArrayList<>();
      for (int b = 0; b < nodes; b++) {
        boolean sameSocket = a * sockets / nodes == b * sockets / nodes;
        row.add(a == b ? 10L : sameSocket ? 12L : 20L + Math.abs(a - b));
      }
      rows.put(a, row);
    }
    return rows;
  }

  /** The static policy's hints for one container asking {@code request} exclusive CPUs with {@code free} free. */
  private static ResourceHints cpuHints(StaticPolicy policy, CpuSet free, long request) {
    Container container = TestPods.pinned("c", Long.toString(request), "1Gi");
    Pod pod = new Pod.Builder().uid("p").addContainers(container).build();
    return policy.containerHints(CpuManagerState.of(free, Map.of(), Map.of()), pod, container).orElseThrow();
  }

  private static StaticPolicy policy(Machine machine, boolean alignBySocket) {
    FeatureGates gates = FeatureGates.defaults().with(FeatureGates.CPU_MANAGER_POLICY_ALPHA_OPTIONS, true);
    StaticPolicyOptions options = StaticPolicyOptions.parse(
        alignBySocket ? Map.of(StaticPolicyOptions.ALIGN_BY_SOCKET, "true") : Map.of(), gates);
    return StaticPolicy.create(CpuTopology.of(machine), 0, CpuSet.empty(), options, gates, "restricted", QuirkLog.of(Behaviour.KUBELET));
  }
}
