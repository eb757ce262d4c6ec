package io.podtopo.conformance.invariants;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * §15.17: under {@code single-numa-node} a pod-level pod's bubble lies on one NUMA node n and every
 * memory block of the pod (pod entry and containers) is on [n]. Outside pod-level pods the same holds
 * per container: its exclusive CPUs and its memory blocks share one NUMA node.
 */
public final class Invariant17SingleNumaNodeAlignment extends NumberedInvariant implements SnapshotInvariant {

  public Invariant17SingleNumaNodeAlignment() {
    super(17,
        "single-numa-node admission ⇒ B(p) ⊆ CPUs of one NUMA node n and every memory block of the pod (pod entry "
        + "and container entries) has numaAffinity == [n]");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    if (snapshot.config().topologyManagerPolicy() != TopologyManagerPolicy.SINGLE_NUMA_NODE) {
      return List.of();
    }
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      boolean podLevel = PodRules.mode(snapshot.config(), pod) == PodRules.Mode.POD_LEVEL;
      if (podLevel) {
        Set<Integer> nodes = new TreeSet<>();
        snapshot.state().cpu().podCpus(pod.uid()).ifPresent(bubble -> nodes.addAll(nodesOf(snapshot, bubble)));
        List<MemoryBlock> blocks = new ArrayList<>(snapshot.state().memory().podBlocks(pod.uid()).orElse(List.of()));
        snapshot.state().memory().containersOf(pod.uid()).values().forEach(blocks::addAll);
        blocks.forEach(block -> nodes.addAll(block.numaAffinity()));
        if (nodes.size() > 1) {
          violations.add(Violation.ofPod(number(), pod.uid(), "bubble " + snapshot.state().cpu().podCpus(pod.uid())
              + " and memory blocks " + blocks + " span NUMA nodes " + nodes));
        }
        continue;
      }
      for (var container : pod.initAndAppContainers()) {
        Set<Integer> nodes = new TreeSet<>();
        Optional<CpuSet> cpus = snapshot.state().cpu().containerCpus(pod.uid(), container.name());
        cpus.ifPresent(set -> nodes.addAll(nodesOf(snapshot, set)));
        List<MemoryBlock> blocks = snapshot.state().memory().containerBlocks(pod.uid(), container.name()).orElse(List.of());
        blocks.forEach(block -> nodes.addAll(block.numaAffinity()));
        if (nodes.size() > 1) {
          violations.add(Violation.ofContainer(number(), pod.uid(), container.name(), "CPUs " + cpus
              + " and memory blocks " + blocks + " span NUMA nodes " + nodes));
        }
      }
    }
    return violations;
  }

  private static Set<Integer> nodesOf(ObservedNode snapshot, CpuSet cpus) {
    Set<Integer> nodes = new TreeSet<>();
    snapshot.machine().cpus().stream().filter(cpu -> cpus.contains(cpu.id())).forEach(cpu -> nodes.add(cpu.numaNode()));
    return nodes;
  }
}
