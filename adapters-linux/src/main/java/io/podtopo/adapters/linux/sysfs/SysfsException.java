package io.podtopo.adapters.linux.sysfs;

/**
 * A sysfs tree that cannot be used. The message is one line: the file (or the root) at fault, then
 * what is wrong with it, e.g. {@code /sys/devices/system/cpu/cpu3/topology/core_id: not an integer: "x"}.
 */
public final class SysfsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String file;

  SysfsException(String file, String problem) {
    this(file, problem, null);
  }

  SysfsException(String file, String problem, Throwable cause) {
    super(file + ": " + problem.replaceAll("\\s*\\R\\s*", " "), cause);
    this.file = file;
  }

  /** The file, folder or archive at fault, as the message names it. */
  public String file() {
    return file;
  }
}
