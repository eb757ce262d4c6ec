package io.podtopo.domain.memorymanager;

/**
 * An error of the Static policy that upstream returns untyped ({@code fmt.Errorf}); the message is
 * upstream's exact text, such as {@code [memorymanager] failed to get the default NUMA affinity, no
 * NUMA nodes with enough memory is available}. Thrown by {@code NewPolicyStatic}, by {@code Start} for a
 * restored state the policy refuses, and by the steps of an allocation, which turns it into the
 * {@link io.podtopo.domain.admission.MemoryManagerError} that refuses the pod
 * ({@code UnexpectedAdmissionError} at admission).
 */
public class MemoryManagerException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public MemoryManagerException(String message) {
    super(message);
  }
}
