package io.podtopo.adapters.linux.cgroup;

import java.nio.file.Path;
import java.util.List;

/**
 * The cgroup operations of the writer, each tried as the {@link RetryPolicy} says and, when it fails
 * for good, a {@link CgroupOperationException} whose one-line message names the cgroup, what was
 * tried (the file and value) and the errno text. The one place where a cgroup is read, listed,
 * written, made or removed.
 */
final class CgroupOperations {

  private final CgroupFs fs;
  private final RetryPolicy retry;

  CgroupOperations(CgroupFs fs, RetryPolicy retry) {
    this.fs = fs;
    this.retry = retry;
  }

  /** The content of {@code dir}'s {@code file}, without surrounding white space. */
  String read(Path dir, String file) throws CgroupOperationException {
    return retry.run("cgroup " + dir + ": cannot read " + file, () -> fs.read(dir.resolve(file))).strip();
  }

  /** The child cgroups of {@code dir}, sorted. */
  List<Path> children(Path dir) throws CgroupOperationException {
    return retry.run("cgroup " + dir + ": cannot list its children", () -> fs.directories(dir));
  }

  /** Writes {@code value} to {@code dir}'s {@code file}. */
  void write(Path dir, String file, String value) throws CgroupOperationException {
    retry.run("cgroup " + dir + ": cannot write \"" + value + "\" to " + file, () -> {
      fs.write(dir.resolve(file), value);
      return dir;
    });
  }

  boolean exists(Path dir) {
    return fs.isDirectory(dir);
  }

  /** Makes the cgroup {@code dir} ({@code mkdir}). */
  void create(Path dir) throws CgroupOperationException {
    retry.run("cgroup " + dir + ": cannot create it", () -> {
      fs.createDirectory(dir);
      return dir;
    });
  }

  /** Removes the cgroup {@code dir}, which must have no child cgroups ({@code rmdir}). */
  void remove(Path dir) throws CgroupOperationException {
    retry.run("cgroup " + dir + ": cannot remove it", () -> {
      fs.removeDirectory(dir);
      return dir;
    });
  }

  /**
   * Removes {@code dir} and every cgroup below it, children before their parent (siblings in name
   * order), as the kubelet removes a pod's cgroup ({@code cgroups.RemovePaths}); a cgroup already gone
   * counts as removed. The kernel refuses to remove a cgroup that still holds processes
   * ({@code Device or resource busy}): what was removed before stays removed.
   */
  void removeTree(Path dir) throws CgroupOperationException {
    if (!exists(dir)) {
      return;
    }
    for (Path child : children(dir)) {
      removeTree(child);
    }
    remove(dir);
  }
}
