package io.podtopo.adapters.linux.cgroup;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The file operations a cgroup writer needs, so that tests can run the writers on a temp-dir tree
 * that acts like the kernel (interface files appear on {@code mkdir}, chosen writes fail).
 * {@link KernelCgroupFs} is the real one.
 */
interface CgroupFs {

  /** The file's content. */
  String read(Path file) throws IOException;

  /** Replaces an existing interface file's content with {@code value} in one {@code write(2)}. */
  void write(Path file, String value) throws IOException;

  boolean isDirectory(Path path);

  /** Makes a cgroup ({@code mkdir}). */
  void createDirectory(Path dir) throws IOException;

  /** Removes an empty cgroup ({@code rmdir}). */
  void removeDirectory(Path dir) throws IOException;

  /** The child cgroups of {@code dir}, sorted. */
  List<Path> directories(Path dir) throws IOException;
}
