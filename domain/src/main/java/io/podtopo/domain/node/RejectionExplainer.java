package io.podtopo.domain.node;

import io.podtopo.domain.admission.AdmissionCause;
import io.podtopo.domain.admission.DevicesUnavailableError;
import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.domain.admission.InsufficientResourceError;
import io.podtopo.domain.admission.KubeletNoAnswer;
import io.podtopo.domain.admission.MemoryManagerError;
import io.podtopo.domain.admission.NotEnoughCpusError;
import io.podtopo.domain.admission.PodLevelResourcesValidationError;
import io.podtopo.domain.admission.SmtAlignmentError;
import io.podtopo.domain.admission.TopologyAffinityError;
import io.podtopo.domain.admission.UnexpectedAdmissionError;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.memorymanager.MemoryManagerException;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodSharedPool;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Explains a rejection in plain words ({@link RejectionCause}) from its typed {@link AdmissionCause},
 * the pod, the node's state the admission started from and its trace, for every reason of the spec's
 * catalogue (§5.4):
 *
 * <ul>
 *   <li>an empty pod shared pool ({@code EmptyPodSharedPoolError}, and the pod-scope
 *       {@code TopologyAffinityError} it becomes when the providers return no hint): per resource
 *       (cpu, memory, each hugepage size) the budget, what the exclusive containers take and which
 *       containers would share what is left ({@link PodSharedPool}'s findings), and how much more
 *       budget would do;
 *   <li>no NUMA placement ({@code TopologyAffinityError}), and memory the Memory Manager could not
 *       place: {@link PlacementExplanation};
 *   <li>{@code SMTAlignmentError}, not enough CPUs or devices ({@code UnexpectedAdmissionError}) and
 *       {@code PodLevelResourcesValidationError}, from their numbers;
 *   <li>a rejection a kubelet quirk decided, or where kubelet v1.37 gives no answer (ADR 0008).
 * </ul>
 *
 * <p>Where the pod can change, the changes that make it fit come first among the fixes
 * ({@link PodFixFinder}). The kubelet's reason and message are not touched, and never read: a cause
 * known only by its text ({@link io.podtopo.domain.admission.ReportedFailure}, an untyped allocation
 * error) is restated. The words are {@link RejectionText}'s.
 */
public final class RejectionExplainer {

  private static final int POD_FIXES_SHOWN = 3;

  private final NodeResourceManagers managers;
  private final PlacementExplanation placement;

  public RejectionExplainer(NodeResourceManagers managers) {
    this.managers = managers;
    this.placement = new PlacementExplanation(managers);
  }

  /** Why {@code admission} of {@code pod} was rejected, and what would make it fit; empty when it was admitted. */
  public Optional<RejectionCause> explain(Pod pod, Admission admission) {
    if (admission.admitted()) {
      return Optional.empty();
    }
    if (admission.noAnswer().isEmpty() && !decidingQuirks(admission).isEmpty()) {
      return Optional.of(quirks(admission));
    }
    return Optional.of(explain(pod, admission, admission.cause().orElseThrow()));
  }

  /** The explanation of each kind of cause, from its fields. */
  private RejectionCause explain(Pod pod, Admission admission, AdmissionCause cause) {
    if (cause instanceof PodLevelResourcesValidationError invalid) {
      return RejectionText.podLevelValidation(invalid);
    }
    if (cause instanceof EmptyPodSharedPoolError) {
      return withPodFixes(emptyPool(pod).orElseGet(() -> restated(cause)), pod, admission);
    }
    if (cause instanceof TopologyAffinityError) {
      return withPodFixes((podScope() ? emptyPool(pod) : Optional.<RejectionCause>empty())
          .orElseGet(() -> placement.noPlacement(pod, admission).orElseGet(() -> restated(cause))), pod, admission);
    }
    if (cause instanceof SmtAlignmentError smt) {
      return withPodFixes(RejectionText.smtAlignment(smt), pod, admission);
    }
    if (cause instanceof UnexpectedAdmissionError unexpected) {
      return withPodFixes(unexpected(pod, admission, unexpected), pod, admission);
    }
    if (cause instanceof KubeletNoAnswer noAnswer) {
      return new RejectionCause(List.of(RejectionText.quirk(noAnswer.quirk(), true)),
          List.of(RejectionText.correctedBehaviour(noAnswer.quirk())));
    }
    if (cause instanceof InsufficientResourceError) {
      return withPodFixes(restated(cause), pod, admission);
    }
    return restated(cause); // a ReportedFailure: its text is all there is
  }

  /** An allocation error without a type of its own in the kubelet, by what refused. */
  private RejectionCause unexpected(Pod pod, Admission admission, UnexpectedAdmissionError error) {
    if (error instanceof NotEnoughCpusError cpus) {
      return RejectionText.notEnoughCpus(cpus);
    }
    if (error instanceof DevicesUnavailableError devices) {
      return RejectionText.devicesUnavailable(devices);
    }
    if (error instanceof MemoryManagerError) {
      return placement.memoryNotPlaced(pod, admission);
    }
    return restated(error); // an UntypedAllocationError: its text is all there is
  }

  /**
   * The cause with the changes to the pod that make it fit put first among the fixes (at most
   * {@value #POD_FIXES_SHOWN}, smallest first), each checked by admitting the changed pod on the
   * state the rejection started from; the node advice follows.
   */
  private RejectionCause withPodFixes(RejectionCause cause, Pod pod, Admission admission) {
    Optional<Container> failing = admission.trace().lastRefusedMerge().flatMap(MergeTrace::container)
        .flatMap(pod::container);
    List<PodFix> podFixes = new PodFixFinder(managers).find(pod, admission.state(), failing);
    podFixes = podFixes.subList(0, Math.min(POD_FIXES_SHOWN, podFixes.size()));
    List<String> fixes = new ArrayList<>();
    podFixes.forEach(fix -> fixes.add(fix.advice()));
    fixes.addAll(cause.fixes());
    return new RejectionCause(cause.causes(), fixes, podFixes);
  }

  private boolean podScope() {
    return managers.config().topologyManagerScope() == TopologyManagerScope.POD;
  }

  /**
   * A rejection a quirk decided (ADR 0008): what the behaviour did at each quirk, and, as kubelet
   * v1.37 behaves, what the corrected behaviour does instead.
   */
  private static RejectionCause quirks(Admission admission) {
    boolean kubelet = admission.behaviour() == Behaviour.KUBELET;
    List<String> causes = new ArrayList<>();
    List<String> fixes = new ArrayList<>();
    for (KubeletQuirk quirk : decidingQuirks(admission)) {
      causes.add(RejectionText.quirk(quirk, kubelet));
      if (kubelet) {
        fixes.add(RejectionText.correctedBehaviour(quirk));
      }
    }
    return new RejectionCause(causes, fixes);
  }

  /**
   * The admission's quirks that can decide a rejection: not those that only leave a refused pod's
   * residue behind ({@link KubeletQuirk.KubeletOutcome#LEAVES_RESIDUE}), which the reports list but
   * which never are why a pod was refused.
   */
  private static List<KubeletQuirk> decidingQuirks(Admission admission) {
    return admission.quirks().stream()
        .filter(quirk -> quirk.outcome() != KubeletQuirk.KubeletOutcome.LEAVES_RESIDUE).toList();
  }

  private static RejectionCause restated(AdmissionCause cause) {
    return new RejectionCause(List.of(cause.message()), List.of());
  }

  /**
   * The pod shared pool problems of a pod-level pod, one per resource of each static manager's budget
   * above 0: the containers {@link PodSharedPool#sharedContainersWithout} finds left without any.
   */
  private Optional<RejectionCause> emptyPool(Pod pod) {
    if (!pod.managedAtPodLevel(managers.config().featureGates())) {
      return Optional.empty();
    }
    List<String> causes = new ArrayList<>();
    if (managers.cpuPolicy() instanceof StaticPolicy policy) {
      sharedPoolProblems(policy.podSharedPool(pod), causes);
    }
    if (managers.memoryPolicy() instanceof StaticMemoryPolicy policy) {
      try {
        sharedPoolProblems(policy.podSharedPool(pod), causes);
      } catch (MemoryManagerException e) {
        // a request that is not a whole number of bytes: the rejection says so itself
      }
    }
    return causes.isEmpty() ? Optional.empty() : Optional.of(new RejectionCause(causes, List.of()));
  }

  private static void sharedPoolProblems(PodSharedPool pool, List<String> causes) {
    pool.budget().forEach((resource, budget) -> {
      if (budget > 0) {
        pool.sharedContainersWithout(resource).map(RejectionText::sharedPool).ifPresent(causes::add);
      }
    });
  }
}
