package io.podtopo.adapters.linux.cgroup;

import java.nio.file.Path;
import java.util.List;

/**
 * Where the cpuset controller is mounted and with which API. A controller is bound to one hierarchy
 * only, so on a hybrid node (cgroup v1 controllers plus a {@code cgroup2} mount for systemd, as
 * {@code /sys/fs/cgroup/unified}) a v1 {@code cpuset} hierarchy wins over the {@code cgroup2} mount.
 *
 * @param version the API of the hierarchy
 * @param mountPoint the hierarchy's root directory, e.g. {@code /sys/fs/cgroup/cpuset} or
 *     {@code /sys/fs/cgroup}
 */
public record CpusetHierarchy(CgroupVersion version, Path mountPoint) {

  /** This process's mountinfo. */
  public static final Path SELF_MOUNTINFO = Path.of("/proc/self/mountinfo");

  /**
   * The cpuset hierarchy of a {@code mountinfo} file: the first mount of fstype {@code cgroup} whose
   * super options hold {@code cpuset} (v1), else the first {@code cgroup2} mount (v2).
   *
   * @throws CgroupSetupException when the file cannot be read or parsed, or shows neither
   */
  public static CpusetHierarchy detect(Path mountInfo) {
    List<Mount> mounts = MountInfo.read(mountInfo);
    return mounts.stream()
        .filter(mount -> mount.fsType().equals("cgroup") && mount.superOptions().contains("cpuset"))
        .findFirst().map(mount -> new CpusetHierarchy(CgroupVersion.V1, mount.mountPoint()))
        .or(() -> mounts.stream().filter(mount -> mount.fsType().equals("cgroup2")).findFirst()
            .map(mount -> new CpusetHierarchy(CgroupVersion.V2, mount.mountPoint())))
        .orElseThrow(() -> new CgroupSetupException(mountInfo + " shows no cpuset hierarchy: no mount of "
            + "fstype cgroup with the super option cpuset (v1) and no mount of fstype cgroup2 (v2)"));
  }

  /**
   * The cgroup {@code name} of this hierarchy, e.g. {@code kubepods} or {@code /kubepods.slice} (a
   * leading {@code /} is the hierarchy's root, as in the kubelet's {@code --cgroup-root}).
   *
   * @throws CgroupSetupException when {@code name} has a {@code .} or {@code ..} part
   */
  public Path cgroup(String name) {
    return cgroup(mountPoint, name);
  }

  /**
   * The cgroup {@code name} of the cpuset hierarchy mounted at {@code mountPoint}, whatever its
   * version: where a process that sees the hierarchy there (or a copy of it) finds the cgroup.
   *
   * @throws CgroupSetupException when {@code name} has a {@code .} or {@code ..} part
   */
  public static Path cgroup(Path mountPoint, String name) {
    Path relative = Path.of(name.replaceFirst("^/+", ""));
    for (Path part : relative) {
      if (part.toString().equals("..") || part.toString().equals(".")) {
        throw new CgroupSetupException("the cgroup \"" + name + "\" must not have '.' or '..' parts");
      }
    }
    return mountPoint.resolve(relative);
  }
}
