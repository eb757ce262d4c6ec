package io.podtopo.app.report;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The cgroup tree an audit reads: the cgroup holding the pods, as {@code --cgroup-root} names it
 * inside the node's cpuset hierarchy (as the kubelet's {@code --cgroup-root} names it), and the
 * directory where this process finds it.
 *
 * @param cgroupRoot the cgroup's name, e.g. {@code /kubepods.slice}
 * @param directory where it is read, e.g. {@code /sys/fs/cgroup/kubepods.slice}
 */
public record AuditedCgroupTree(String cgroupRoot, Path directory) {

  public AuditedCgroupTree {
    Objects.requireNonNull(cgroupRoot, "cgroupRoot");
    Objects.requireNonNull(directory, "directory");
  }
}
