package io.podtopo.domain.memorymanager;

/**
 * An error of the Static policy that upstream returns untyped ({@code fmt.Errorf}); the message is
 * upstream's exact text, such as {@code [memorymanager] failed to get the default NUMA affinity, no
 * NUMA nodes with enough memory is available}. At admission an untyped error becomes
 * {@code UnexpectedAdmissionError}.
 */
public class MemoryManagerException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public MemoryManagerException(String message) {
    super(message);
  }
}
