package io.podtopo.ports.out;

/**
 * A {@link CpusetWriter} could not apply a batch, or remove a released pod's cgroups; the one-line
 * message names the cgroup, the file, the value and the reason, and says whether the batch's earlier
 * changes were undone.
 */
public class CpusetWriteException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public CpusetWriteException(String message) {
    super(message);
  }

  public CpusetWriteException(String message, Throwable cause) {
    super(message, cause);
  }
}
