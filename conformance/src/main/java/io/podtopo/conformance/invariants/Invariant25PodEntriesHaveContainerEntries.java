package io.podtopo.conformance.invariants;

import java.util.ArrayList;
import java.util.List;

/**
 * §15.25: no pod entry stands without container entries (such an entry is not a complete
 * allocation). The checkpoint write → read half of the invariant belongs to the state store adapter
 * (file checkpoint of a later issue) and cannot be seen in a snapshot.
 */
public final class Invariant25PodEntriesHaveContainerEntries extends NumberedInvariant implements SnapshotInvariant {

  public Invariant25PodEntriesHaveContainerEntries() {
    super(25, "Checkpoint write→read preserves entries and podEntries; a pod entry without container entries is not "
        + "accepted as a complete allocation");
  }

  @Override
  public List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    snapshot.state().cpu().podEntries().forEach((uid, bubble) -> {
      if (snapshot.state().cpu().containerEntries(uid).isEmpty()) {
        violations.add(Violation.ofPod(number(), uid, "bubble \"" + bubble + "\" without CPU container entries"));
      }
    });
    snapshot.state().memory().podEntries().forEach((uid, blocks) -> {
      if (snapshot.state().memory().containersOf(uid).isEmpty()) {
        violations.add(Violation.ofPod(number(), uid, "pod memory " + blocks + " without memory container entries"));
      }
    });
    return violations;
  }
}
