package io.podtopo.domain.cpumanager;

/**
 * The CPU selection could not satisfy a request. The message is upstream's error text, e.g.
 * {@code not enough cpus available to satisfy request: requested=5, available=4}.
 */
public final class CpuAllocationException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public CpuAllocationException(String message) {
    super(message);
  }
}
