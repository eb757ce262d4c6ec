package io.podtopo.ports.out;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

  /**
   * Checks that {@code batch} names each container at most once, as {@link CpusetWriter#apply} requires.
   *
   * @throws IllegalArgumentException naming the first container listed twice
   */
  public static void requireOnePerContainer(List<CpusetWrite> batch) {
    Set<String> containers = new HashSet<>();
    for (CpusetWrite write : batch) {
      String container = write.podUid() + "/" + write.containerName();
      if (!containers.add(container)) {
        throw new IllegalArgumentException("the batch names " + container + " twice: " + batch);
      }
    }
  }

  @Override
  public String toString() {
    return podUid() + "/" + containerName() + " cpus=" + cpus() + " mems=" + mems().nodes();
  }

  /** Builder: prefer {@link #of}. */
  public static class Builder extends ImmutableCpusetWrite.Builder {}
}
