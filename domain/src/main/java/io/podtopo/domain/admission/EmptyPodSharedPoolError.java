package io.podtopo.domain.admission;

import org.immutables.value.Value;

/**
 * Upstream {@code admission.EmptyPodSharedPoolError}, raised by the CPU and the Memory Manager's
 * {@code AllocatePod} when {@code validatePodScopeResources} finds that a pod-level pod would leave a
 * container of its pod shared pool without CPUs or memory (KEP-5526; PLRM spec 5.4, 6.3). The message
 * is the validation's text.
 */
@Value.Immutable
public abstract non-sealed class EmptyPodSharedPoolError implements AdmissionCause {

  /** The admission reason. */
  public static final String REASON = "EmptyPodSharedPoolError";

  @Override
  @Value.Parameter
  public abstract String message();

  /** The error of this validation text. */
  public static EmptyPodSharedPoolError of(String message) {
    return ImmutableEmptyPodSharedPoolError.of(message);
  }

  @Override
  public String reason() {
    return REASON;
  }
}
