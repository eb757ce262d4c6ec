package io.podtopo.adapters.linux.cgroup;

import java.nio.file.Path;
import java.util.List;

/**
 * One line of {@code /proc/PID/mountinfo} (proc(5)), as far as the cgroup writers need it.
 *
 * @param mountPoint where the file system is mounted, its octal escapes ({@code \040}) undone
 * @param fsType the file system type, e.g. {@code cgroup}, {@code cgroup2}, {@code tmpfs}
 * @param superOptions the per-superblock options, e.g. {@code [rw, cpuset]}
 */
record Mount(Path mountPoint, String fsType, List<String> superOptions) {

  Mount {
    superOptions = List.copyOf(superOptions);
  }
}
