package io.podtopo.domain.topologymanager;

import java.util.Objects;
import java.util.Optional;

/**
 * The outcome of one allocation step of a {@link TopologyAllocator}: the next state, or the
 * failure that aborts admission.
 *
 * @param <S> the caller's allocation state
 */
public final class AllocationResult<S> {

  private final S state;
  private final AdmissionFailure failure;
  private final S residue;

  private AllocationResult(S state, AdmissionFailure failure, S residue) {
    this.state = state;
    this.failure = failure;
    this.residue = residue;
  }

  /** The step succeeded and produced {@code next}. */
  public static <S> AllocationResult<S> allocated(S next) {
    return new AllocationResult<>(Objects.requireNonNull(next, "next"), null, null);
  }

  /** The step failed; admission stops here. */
  public static <S> AllocationResult<S> failed(AdmissionFailure failure) {
    return new AllocationResult<>(null, Objects.requireNonNull(failure, "failure"), null);
  }

  /**
   * The step failed after a manager changed the state, which the kubelet does not roll back: its
   * stale-state cleanup later drops what it can of {@code residue} (the pod is not active).
   */
  public static <S> AllocationResult<S> failedLeaving(AdmissionFailure failure, S residue) {
    return new AllocationResult<>(null, Objects.requireNonNull(failure, "failure"), Objects.requireNonNull(residue));
  }

  public boolean succeeded() {
    return failure == null;
  }

  /** The next state. @throws IllegalStateException for a failed step */
  public S state() {
    if (failure != null) {
      throw new IllegalStateException("allocation failed: " + failure);
    }
    return state;
  }

  /** What the managers left behind a failed step, when they changed anything before failing. */
  public Optional<S> residue() {
    return Optional.ofNullable(residue);
  }

  /** The failure, if the step failed. */
  public Optional<AdmissionFailure> failure() {
    return Optional.ofNullable(failure);
  }

  @Override
  public String toString() {
    return failure == null ? "allocated " + state : "failed " + failure;
  }
}
