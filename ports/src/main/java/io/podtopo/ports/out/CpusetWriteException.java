package io.podtopo.ports.out;

/** A {@link CpusetWriter} could not apply a cpuset; the message names the cgroup and the value. */
public class CpusetWriteException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public CpusetWriteException(String message) {
    super(message);
  }

  public CpusetWriteException(String message, Throwable cause) {
    super(message, cause);
  }
}
