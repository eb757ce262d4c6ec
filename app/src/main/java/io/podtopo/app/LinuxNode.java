package io.podtopo.app;

import io.podtopo.adapters.linux.cgroup.CgroupDriver;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import io.podtopo.adapters.linux.sysfs.SysfsMachineSource;
import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import io.podtopo.ports.out.MachineSource;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a real node's adapters find the machine, keep their state and write cpusets: what a
 * {@link LinuxNodeComponent} or an {@link AgentComponent} is created over.
 *
 * @param machine where the machine comes from: this node's sysfs ({@link #self}), another node's
 *     sysfs copy, or any other source (a catalog machine for a node that only serves decisions)
 * @param stateDir the folder of the durable node state (created when missing)
 * @param cgroupRoot the cgroup below which pods get their cgroups, as the kubelet's
 *     {@code --cgroup-root} names it inside the cpuset hierarchy (e.g. {@code /kubepods}); it must
 *     exist. Empty: cpusets are decided and saved but written nowhere
 * @param mountInfo where the cgroup mounts are listed ({@link CpusetHierarchy#SELF_MOUNTINFO} on the
 *     node)
 * @param cgroupDriver how pod cgroups are named, as the kubelet's {@code cgroupDriver}
 */
public record LinuxNode(MachineSource machine, Path stateDir, Optional<String> cgroupRoot, Path mountInfo,
    CgroupDriver cgroupDriver) {

  /** This node: its own sysfs and mounts, pods below the cgroup {@code cgroupRoot}, state in {@code stateDir}. */
  public static LinuxNode self(Path stateDir, String cgroupRoot, CgroupDriver driver) {
    return new LinuxNode(new SysfsMachineSource(SysfsTopology.HOST_ROOT), stateDir, Optional.of(cgroupRoot),
        CpusetHierarchy.SELF_MOUNTINFO, driver);
  }

  /**
   * A node whose decisions are saved in {@code stateDir} and served, but pinned by no cgroup: any
   * machine source (a catalog machine, another node's sysfs), no cgroup root.
   */
  public static LinuxNode unenforced(MachineSource machine, Path stateDir) {
    return new LinuxNode(machine, stateDir, Optional.empty(), CpusetHierarchy.SELF_MOUNTINFO, CgroupDriver.CGROUPFS);
  }
}
