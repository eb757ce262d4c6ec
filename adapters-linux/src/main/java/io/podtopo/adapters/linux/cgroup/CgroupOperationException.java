package io.podtopo.adapters.linux.cgroup;

/**
 * A cgroup file operation failed for good, or a cgroup file holds what no kernel writes; the one-line
 * message names the cgroup, the file, the value and the errno text.
 */
final class CgroupOperationException extends Exception {

  private static final long serialVersionUID = 1L;

  CgroupOperationException(String message, Exception cause) {
    super(message, cause);
  }
}
