package io.podtopo.domain.memorymanager;

/**
 * Upstream {@code admission.EmptyPodSharedPoolError} raised by the memory {@code AllocatePod}: the
 * pod's exclusive memory requests leave nothing for the containers that need the pod shared pool.
 * The message is the wrapped upstream text, for example {@code pod rejected, sum of exclusive
 * container memory requests equals pod budget, leaving no memory for shared containers}.
 */
public final class EmptyPodSharedPoolException extends RuntimeException {

  /** The admission reason, as the kubelet names it. */
  public static final String REASON = "EmptyPodSharedPoolError";

  private static final long serialVersionUID = 1L;

  public EmptyPodSharedPoolException(String message) {
    super(message);
  }

  public String reason() {
    return REASON;
  }
}
