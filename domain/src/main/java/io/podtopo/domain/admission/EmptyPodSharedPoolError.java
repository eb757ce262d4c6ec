package io.podtopo.domain.cpumanager;

import org.immutables.value.Value;

/**
 * Upstream {@code admission.EmptyPodSharedPoolError} raised by {@code AllocatePod} when
 * {@code validatePodScopeResources} finds that a pod-level pod would leave a shared container without
 * CPUs (KEP-5526; PLRM spec 5.4, 6.3). The message is the validation's text.
 */
@Value.Immutable
public abstract non-sealed class EmptyPodSharedPoolError implements CpuAllocationError {

  /** The admission reason. */
  public static final String TYPE = "EmptyPodSharedPoolError";

  @Override
  public abstract String message();

  public static EmptyPodSharedPoolError of(String message) {
    return new Builder().message(message).build();
  }

  @Override
  public String admissionReason() {
    return TYPE;
  }

  /** Builder: {@code new EmptyPodSharedPoolError.Builder().message("...").build()}. */
  public static class Builder extends ImmutableEmptyPodSharedPoolError.Builder {}
}
