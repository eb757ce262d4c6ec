/**
 * Container cpusets in the real cgroup file system: {@link io.podtopo.adapters.linux.cgroup.CgroupCpusetWriter},
 * the {@link io.podtopo.ports.out.CpusetWriter} of a node, for cgroup v1 (the {@code cpuset} hierarchy)
 * and v2 ({@code cgroup2}), found in {@code /proc/self/mountinfo} by
 * {@link io.podtopo.adapters.linux.cgroup.CpusetHierarchy}, with pods and containers laid out below a
 * root by {@link io.podtopo.adapters.linux.cgroup.CgroupLayout} after the kubelet's cgroupfs or systemd
 * {@link io.podtopo.adapters.linux.cgroup.CgroupDriver}. See {@code docs/guide/cgroup-cpusets.md}.
 * {@link io.podtopo.adapters.linux.cgroup.CgroupCpusetReader} reads, and only reads, the cpusets a
 * tree applies, for the audit.
 */
package io.podtopo.adapters.linux.cgroup;
