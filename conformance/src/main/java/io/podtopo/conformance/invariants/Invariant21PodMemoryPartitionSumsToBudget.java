package io.podtopo.conformance.invariants;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * §15.21: a pod memory entry holds exactly the pod budget per type; per type, the exclusive blocks of
 * the long-running containers plus the shared-pool block make the budget (the shared block omitted
 * when 0). The shared-pool blocks are what the ineligible long-running containers hold; they are
 * compared while every exclusive long-running container still has its entry.
 */
public final class Invariant21PodMemoryPartitionSumsToBudget extends NumberedInvariant implements SnapshotInvariant {

  public Invariant21PodMemoryPartitionSumsToBudget() {
    super(21, "Per memory type: Σ exclusive LR blocks + shared-pool block == pod budget (shared block omitted when 0); "
        + "pod entry size == budget");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Pod pod : snapshot.activePods()) {
      Optional<List<MemoryBlock>> podBlocks = snapshot.state().memory().podBlocks(pod.uid());
      if (podBlocks.isEmpty()) {
        continue;
      }
      SortedMap<String, Long> budget = PodRules.podMemoryBudget(pod);
      if (!StateViews.sizesByType(podBlocks.get()).equals(budget)) {
        violations.add(Violation.ofPod(number(), pod.uid(), "pod memory " + podBlocks.get() + " is not the budget "
            + budget));
      }
      SortedMap<String, Long> remaining = new TreeMap<>(budget);
      boolean allExclusivePresent = true;
      List<Map.Entry<String, List<MemoryBlock>>> shared = new ArrayList<>();
      for (Container container : PodRules.longRunning(pod)) {
        Optional<List<MemoryBlock>> blocks = snapshot.state().memory().containerBlocks(pod.uid(), container.name());
        if (PodRules.equivalentGuaranteed(container)) {
          allExclusivePresent &= blocks.isPresent();
          PodRules.containerMemory(container).forEach((type, size) -> remaining.merge(type, -size, Long::sum));
        } else if (blocks.isPresent()) {
          shared.add(Map.entry(container.name(), blocks.get()));
        }
      }
      remaining.forEach((type, left) -> {
        if (left < 0) {
          violations.add(Violation.ofPod(number(), pod.uid(), "exclusive " + type + " requests exceed the budget "
              + budget.get(type) + " by " + -left));
        }
      });
      remaining.values().removeIf(left -> left == 0);
      for (Map.Entry<String, List<MemoryBlock>> container : shared) {
        SortedMap<String, Long> sizes = StateViews.sizesByType(container.getValue());
        if (allExclusivePresent && !sizes.equals(remaining)) {
          violations.add(Violation.ofContainer(number(), pod.uid(), container.getKey(), "shared-pool blocks "
              + container.getValue() + " are not budget minus exclusive blocks " + remaining));
        }
      }
    }
    return violations;
  }
}
