package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * §15.11: bubbles of different pods are disjoint and outside the default set; the CPUs held by
 * containers of different pods are disjoint (a container's CPUs lie in its pod's bubble, or are
 * exclusive, so no two pods share one).
 */
public final class Invariant11PodsAreDisjoint extends NumberedInvariant implements SnapshotInvariant {

  public Invariant11PodsAreDisjoint() {
    super(11, "For pairwise-distinct pods p≠q: B(p) ∩ B(q) = ∅ and B(p) ∩ D = ∅; exclusive container sets of different "
        + "pods are disjoint");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    CpuManagerState cpu = snapshot.state().cpu();
    List<Map.Entry<String, CpuSet>> bubbles = List.copyOf(cpu.podEntries().entrySet());
    for (int i = 0; i < bubbles.size(); i++) {
      Map.Entry<String, CpuSet> bubble = bubbles.get(i);
      if (bubble.getValue().intersects(cpu.defaultCpuSet())) {
        violations.add(Violation.ofPod(number(), bubble.getKey(), "bubble \"" + bubble.getValue()
            + "\" meets the default set in \"" + bubble.getValue().intersection(cpu.defaultCpuSet()) + "\""));
      }
      for (Map.Entry<String, CpuSet> other : bubbles.subList(i + 1, bubbles.size())) {
        if (bubble.getValue().intersects(other.getValue())) {
          violations.add(Violation.ofPod(number(), bubble.getKey(), "bubble \"" + bubble.getValue()
              + "\" meets the bubble \"" + other.getValue() + "\" of pod " + other.getKey()));
        }
      }
    }
    List<Map.Entry<String, SortedMap<String, CpuSet>>> pods = List.copyOf(cpu.entries().entrySet());
    for (int i = 0; i < pods.size(); i++) {
      CpuSet held = StateViews.union(pods.get(i).getValue().values());
      for (Map.Entry<String, SortedMap<String, CpuSet>> other : pods.subList(i + 1, pods.size())) {
        CpuSet otherHeld = StateViews.union(other.getValue().values());
        if (held.intersects(otherHeld)) {
          violations.add(Violation.ofPod(number(), pods.get(i).getKey(), "container CPUs \"" + held
              + "\" meet the container CPUs \"" + otherHeld + "\" of pod " + other.getKey()));
        }
      }
    }
    return violations;
  }
}
