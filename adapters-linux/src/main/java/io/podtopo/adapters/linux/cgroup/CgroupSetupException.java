package io.podtopo.adapters.linux.cgroup;

/**
 * A cgroup writer cannot be set up: the mountinfo file is unreadable or malformed, it shows no cpuset
 * hierarchy, or the root or driver is unusable. The message names the file, line or path at fault.
 */
public class CgroupSetupException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public CgroupSetupException(String message) {
    super(message);
  }

  public CgroupSetupException(String message, Throwable cause) {
    super(message, cause);
  }
}
