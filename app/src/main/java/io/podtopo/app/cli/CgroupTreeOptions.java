package io.podtopo.app.cli;

import io.podtopo.adapters.linux.cgroup.CgroupSetupException;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import io.podtopo.app.report.AuditedCgroupTree;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where {@code podtopo audit} reads the cpusets a node's cgroups apply: {@code --cgroup-root} is the
 * cgroup holding the pods, named inside the node's cpuset hierarchy as the kubelet's
 * {@code --cgroup-root} and {@code podtopo agent --cgroup-root} name it; the hierarchy is the one
 * {@code /proc/self/mountinfo} shows, found as the agent finds it, unless {@code --cgroup-fs} says
 * where it is mounted (a container that mounts the node's {@code /sys/fs/cgroup} elsewhere, or a copy
 * of a node's tree).
 */
final class CgroupTreeOptions {

  @Option(names = "--cgroup-root", paramLabel = "CGROUP", required = true,
      description = "The cgroup holding the pods' cgroups, named inside the node's cpuset hierarchy as the "
          + "kubelet's --cgroup-root and podtopo agent --cgroup-root name it, e.g. /kubepods (cgroup v1, cgroupfs "
          + "driver) or /kubepods.slice (v2, systemd): compare the cpusets applied at and below it.")
  String cgroupRoot;

  @PathOption(PathKind.FOLDER)
  @Option(names = "--cgroup-fs", paramLabel = "DIR",
      description = "Where the node's cpuset hierarchy is mounted, or a copy of it, e.g. /host/sys/fs/cgroup in a "
          + "container that mounts the node's /sys/fs/cgroup there (default: the cpuset hierarchy that "
          + "/proc/self/mountinfo shows, /sys/fs/cgroup/cpuset with v1, /sys/fs/cgroup with v2).")
  Path cgroupFs;

  /**
   * The tree these options name, its hierarchy found in {@code mountInfo} when {@code --cgroup-fs} is
   * not given.
   *
   * @throws UserInputException when the hierarchy cannot be found or the name cannot be a cgroup's
   */
  AuditedCgroupTree tree(Path mountInfo) {
    try {
      Path hierarchy = cgroupFs != null ? cgroupFs : CpusetHierarchy.detect(mountInfo).mountPoint();
      return new AuditedCgroupTree(cgroupRoot, CpusetHierarchy.cgroup(hierarchy, cgroupRoot));
    } catch (CgroupSetupException e) {
      throw new UserInputException("--cgroup-root: " + e.getMessage());
    }
  }
}
