package io.podtopo.conformance.invariants;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * §15.34: when a container of a pod with a bubble (or pod memory) goes and others remain, nothing of
 * it returns to the pod shared pool or the default set: every remaining container keeps exactly its
 * CPUs and memory blocks, and the bubble and the default set stay as they were.
 */
public final class Invariant34ExitedSlicesNotReturned implements TransitionInvariant {

  @Override
  public int number() {
    return 34;
  }

  @Override
  public String rule() {
    return "Exclusive slices of exited/restarted containers are not returned to P(p) or D before pod teardown";
  }

  @Override
  public List<Violation> checkTransition(NodeSnapshot before, Operation operation, NodeSnapshot after) {
    if (!(operation instanceof Operation.RemoveContainer removal)) {
      return List.of();
    }
    String uid = removal.podUid();
    NodeState was = before.state();
    NodeState is = after.state();
    List<Violation> violations = new ArrayList<>();
    if (was.cpu().podCpus(uid).isPresent() && !is.cpu().containerEntries(uid).isEmpty()) {
      SortedMap<String, CpuSet> expected = new TreeMap<>(was.cpu().containerEntries(uid));
      expected.remove(removal.containerName());
      if (!is.cpu().containerEntries(uid).equals(expected) || !is.cpu().podCpus(uid).equals(was.cpu().podCpus(uid))
          || !is.cpu().defaultCpuSet().equals(was.cpu().defaultCpuSet())) {
        violations.add(Violation.ofContainer(number(), uid, removal.containerName(), "removal changed the pod's CPUs: "
            + was.cpu().containerEntries(uid) + " -> " + is.cpu().containerEntries(uid) + ", bubble "
            + is.cpu().podCpus(uid) + ", default set \"" + is.cpu().defaultCpuSet() + "\""));
      }
    }
    if (was.memory().podBlocks(uid).isPresent() && !is.memory().containersOf(uid).isEmpty()) {
      SortedMap<String, List<MemoryBlock>> expected = new TreeMap<>(was.memory().containersOf(uid));
      expected.remove(removal.containerName());
      if (!is.memory().containersOf(uid).equals(expected) || !is.memory().podBlocks(uid).equals(was.memory().podBlocks(uid))) {
        violations.add(Violation.ofContainer(number(), uid, removal.containerName(), "removal changed the pod's memory: "
            + was.memory().containersOf(uid) + " -> " + is.memory().containersOf(uid)));
      }
    }
    return violations;
  }
}
