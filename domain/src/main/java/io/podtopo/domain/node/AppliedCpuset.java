package io.podtopo.domain.node;

import io.podtopo.domain.topology.CpuSet;
import org.immutables.value.Value;

/**
 * The CPUs one cgroup lets its processes run on, as read from a node's cgroup tree below a root:
 * what the container runtime applied, to compare with what a PodResources endpoint reports.
 */
@Value.Immutable
public abstract class AppliedCpuset {

  /** The cgroup's path below the root read, {@code /}-separated; empty for the root itself. */
  public abstract String cgroup();

  /**
   * Its CPUs: {@code cpuset.cpus}, or (cgroup v2) {@code cpuset.cpus.effective} where
   * {@code cpuset.cpus} is empty; empty when the cgroup allows no CPU (a cgroup v1 cpuset nobody set).
   */
  public abstract CpuSet cpus();

  /** Whether the cgroup has no child cgroup: a container's, or a pod sandbox's. */
  public abstract boolean leaf();

  /**
   * Whether its CPUs are exactly its parent cgroup's: nobody narrowed it, as for a pod sandbox (the
   * kubelet gives the sandbox no cpuset). Never true for the root read.
   */
  public abstract boolean sameAsParent();

  /** The cgroup's path for messages: {@code kubepods/pod1/abc}, or {@code .} for the root. */
  public String describe() {
    return cgroup().isEmpty() ? "." : cgroup();
  }

  public static AppliedCpuset of(String cgroup, CpuSet cpus, boolean leaf, boolean sameAsParent) {
    return new Builder().cgroup(cgroup).cpus(cpus).leaf(leaf).sameAsParent(sameAsParent).build();
  }

  /** Builder: prefer {@link #of}. */
  public static class Builder extends ImmutableAppliedCpuset.Builder {}
}
