package io.podtopo.ports.out;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import org.immutables.value.Value;

/**
 * The cpuset of one container cgroup: {@code cpuset.cpus} and {@code cpuset.mems} (the NUMA nodes of
 * the container's memory, all the machine's NUMA nodes when the Memory Manager gave it none).
 */
@Value.Immutable
public abstract class CpusetWrite {

  public abstract String podUid();

  public abstract String containerName();

  public abstract CpuSet cpus();

  public abstract NumaMask mems();

  public static CpusetWrite of(String podUid, String containerName, CpuSet cpus, NumaMask mems) {
    return new Builder().podUid(podUid).containerName(containerName).cpus(cpus).mems(mems).build();
  }

  @Override
  public String toString() {
    return podUid() + "/" + containerName() + " cpus=" + cpus() + " mems=" + mems().nodes();
  }

  /** Builder: prefer {@link #of}. */
  public static class Builder extends ImmutableCpusetWrite.Builder {}
}
