package io.podtopo.conformance.invariants;

import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;

/**
 * §15.12 (upstream {@code validateState}): under the static policy the default set, the container
 * entries and the bubbles cover every CPU (but the reserved ones under
 * {@code strict-cpu-reservation}); container entries are outside the default set; the reserved CPUs
 * are in the default set (outside it under strict reservation) and in no bubble or entry.
 */
public final class Invariant12CpuAccounting extends NumberedInvariant implements SnapshotInvariant {

  public Invariant12CpuAccounting() {
    super(12, "D ∪ ∪entries ∪ ∪B(p) == all online CPUs (minus R under strict-cpu-reservation); R ⊆ D and R ∩ B(p) = ∅ "
        + "(R ∩ D = ∅ under strict)");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    if (!PodRules.cpuStatic(snapshot.config())) {
      return List.of();
    }
    List<Violation> violations = new ArrayList<>();
    CpuManagerState cpu = snapshot.state().cpu();
    boolean strict = PodRules.cpuOptions(snapshot.config()).strictCpuReservation();
    CpuSet reserved = snapshot.reservedCpus();
    CpuSet all = strict ? snapshot.machine().cpuSet().difference(reserved) : snapshot.machine().cpuSet();
    CpuSet entries = cpu.assignedCpus();
    CpuSet bubbles = StateViews.union(cpu.podEntries().values());
    CpuSet known = cpu.defaultCpuSet().union(entries).union(bubbles);
    if (!known.equals(all)) {
      violations.add(Violation.ofPod(number(), "", "default \"" + cpu.defaultCpuSet() + "\" ∪ entries \"" + entries
          + "\" ∪ bubbles \"" + bubbles + "\" = \"" + known + "\", expected \"" + all + "\""));
    }
    if (entries.intersects(cpu.defaultCpuSet())) {
      violations.add(Violation.ofPod(number(), "", "container entries meet the default set in \""
          + entries.intersection(cpu.defaultCpuSet()) + "\""));
    }
    if (strict ? reserved.intersects(cpu.defaultCpuSet()) : !reserved.isSubsetOf(cpu.defaultCpuSet())) {
      violations.add(Violation.ofPod(number(), "", "reserved \"" + reserved + "\" versus default set \""
          + cpu.defaultCpuSet() + "\"" + (strict ? " overlap under strict-cpu-reservation" : ": not all in it")));
    }
    if (reserved.intersects(bubbles) || reserved.intersects(entries)) {
      violations.add(Violation.ofPod(number(), "", "reserved \"" + reserved + "\" given out: bubbles \"" + bubbles
          + "\", entries \"" + entries + "\""));
    }
    return violations;
  }
}
