package io.podtopo.adapters.linux.cgroup;

/**
 * A cgroup tree cannot be read: the root is not a cgroup of a cpuset hierarchy, or a file cannot be
 * read or parsed. The message names the path and the reason.
 */
public class CgroupReadException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public CgroupReadException(String message) {
    super(message);
  }

  public CgroupReadException(String message, Throwable cause) {
    super(message, cause);
  }
}
