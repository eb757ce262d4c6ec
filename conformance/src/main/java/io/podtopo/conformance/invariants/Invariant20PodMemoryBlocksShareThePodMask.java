package io.podtopo.conformance.invariants;

import io.podtopo.domain.memorymanager.MemoryBlock;
import java.util.ArrayList;
import java.util.List;

/** §15.20: every memory block of a pod with a pod memory entry (pod and container blocks) has the pod entry's mask. */
public final class Invariant20PodMemoryBlocksShareThePodMask extends NumberedInvariant implements SnapshotInvariant {

  public Invariant20PodMemoryBlocksShareThePodMask() {
    super(20, "All memory blocks of a pod (pod scope) use the pod entry's mask");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    snapshot.state().memory().podEntries().forEach((uid, podBlocks) -> {
      if (podBlocks.isEmpty()) {
        return;
      }
      List<Integer> mask = podBlocks.get(0).numaAffinity();
      for (MemoryBlock block : podBlocks) {
        if (!block.numaAffinity().equals(mask)) {
          violations.add(Violation.ofPod(number(), uid, "pod blocks " + podBlocks + " have different masks"));
        }
      }
      snapshot.state().memory().containersOf(uid).forEach((container, blocks) -> blocks.forEach(block -> {
        if (!block.numaAffinity().equals(mask)) {
          violations.add(Violation.ofContainer(number(), uid, container, "block " + block + " is not on the pod mask "
              + mask));
        }
      }));
    });
    return violations;
  }
}
