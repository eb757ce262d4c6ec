package io.podtopo.app;

import io.podtopo.adapters.linux.cgroup.CgroupDriver;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import java.nio.file.Path;

/**
 * Where a real node's adapters find the machine, keep their state and write cpusets: what a
 * {@link LinuxNodeComponent} is created over.
 *
 * @param sysfsRoot the sysfs root the machine is read from ({@link SysfsTopology#HOST_ROOT} on the
 *     node itself; a copy or an archive of another node's elsewhere)
 * @param stateDir the folder of the durable node state (created when missing)
 * @param mountInfo where the cgroup mounts are listed ({@link CpusetHierarchy#SELF_MOUNTINFO} on the
 *     node)
 * @param cgroupParent the cgroup below which pods get their cgroups, e.g. {@code kubepods} (cgroupfs)
 *     or {@code kubepods.slice} (systemd); it must exist
 * @param cgroupDriver how pod cgroups are named, as the kubelet's {@code cgroupDriver}
 */
public record LinuxNode(Path sysfsRoot, Path stateDir, Path mountInfo, String cgroupParent, CgroupDriver cgroupDriver) {

  /** This node: its own sysfs and mounts, pods below {@code cgroupParent}, state in {@code stateDir}. */
  public static LinuxNode self(Path stateDir, String cgroupParent, CgroupDriver driver) {
    return new LinuxNode(SysfsTopology.HOST_ROOT, stateDir, CpusetHierarchy.SELF_MOUNTINFO, cgroupParent, driver);
  }
}
