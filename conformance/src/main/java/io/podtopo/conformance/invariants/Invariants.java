package io.podtopo.conformance.invariants;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every invariant of spec §15, in number order, then podtopo's device invariants 37 and 38 (rules
 * DEV-15, DEV-16), and the three ways to run them.
 */
public final class Invariants {

  private static final List<Invariant> ALL = List.of(
      new Invariant01ContainerCpusWithinBubble(),
      new Invariant02BubbleSizeIsPodBudget(),
      new Invariant03LongRunningSlicesDisjoint(),
      new Invariant04PodSharedPoolIsBubbleMinusSlices(),
      new Invariant05SharedContainersShareOnePool(),
      new Invariant06ExclusiveSumWithinBudget(),
      new Invariant07EmptyPoolRejectionOnlyWhenStarved(),
      new Invariant08StandardInitSliceWithinRunnablePool(),
      new Invariant09SharedStandardInitGetsRunnablePool(),
      new Invariant10SidecarSlicesNotReused(),
      new Invariant11PodsAreDisjoint(),
      new Invariant12CpuAccounting(),
      new Invariant13ExclusivityFollowsEligibility(),
      new Invariant14NonGuaranteedPlrPodsGetNothing(),
      new Invariant15GateOffPlrPodsGetNothing(),
      new Invariant16FractionalCpuBudgetHasNoCpuEntries(),
      new Invariant17SingleNumaNodeAlignment(),
      new Invariant18RestrictedAdmitsOnlyPreferred(),
      new Invariant19PodScopeHintSharedByAllContainers(),
      new Invariant20PodMemoryBlocksShareThePodMask(),
      new Invariant21PodMemoryPartitionSumsToBudget(),
      new Invariant22MachineReservationMovesByPodBudget(),
      new Invariant23RemovalReleasesOnlyWithLastContainer(),
      new Invariant24RestartReadmissionIsIdempotent(),
      new Invariant25PodEntriesHaveContainerEntries(),
      new Invariant26FullPcpusOnlyWholeCores(),
      new Invariant27QuotaOnlyOffForContainerIsolation(),
      new Invariant28IsolationLevelRule(),
      new Invariant29PodResourcesInPodScope(),
      new Invariant30PodResourcesOutsidePodScope(),
      new Invariant31PodResourcesListShape(),
      new Invariant32ContainerScopeAlignsEligibleContainersOnly(),
      new Invariant33EphemeralContainersGetNothing(),
      new Invariant34ExitedSlicesNotReturned(),
      new Invariant35RejectionLeavesNoResidue(),
      new Invariant36UnusedBudgetStaysInBubble(),
      new Invariant37DevicesHeldOnce(),
      new Invariant38AlignedDevicesInsideTheAffinity());

  private Invariants() {}

  /** The 38 invariants, by number. */
  public static List<Invariant> all() {
    return ALL;
  }

  /** The violations of every snapshot check. */
  public static List<Violation> check(ObservedNode snapshot) {
    List<Violation> violations = new ArrayList<>();
    for (Invariant invariant : ALL) {
      if (invariant instanceof SnapshotInvariant check) {
        violations.addAll(check.check(snapshot));
      }
    }
    return violations;
  }

  /** The violations of every transition check. */
  public static List<Violation> checkTransition(ObservedNode before, ScenarioStep step, Optional<Admission> admission,
      ObservedNode after) {
    List<Violation> violations = new ArrayList<>();
    for (Invariant invariant : ALL) {
      if (invariant instanceof TransitionInvariant check) {
        violations.addAll(check.checkTransition(before, step, admission, after));
      }
    }
    return violations;
  }

  /** The violations of every PodResources check. */
  public static List<Violation> checkPodResources(ObservedNode snapshot, PodResourcesView view) {
    List<Violation> violations = new ArrayList<>();
    for (Invariant invariant : ALL) {
      if (invariant instanceof PodResourcesInvariant check) {
        violations.addAll(check.checkPodResources(snapshot, view));
      }
    }
    return violations;
  }
}
