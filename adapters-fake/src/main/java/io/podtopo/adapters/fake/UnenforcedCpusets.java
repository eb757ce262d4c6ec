package io.podtopo.adapters.fake;

import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriter;
import java.util.List;

/**
 * The {@link CpusetWriter} of a node whose decisions are made, saved and served but enforced by
 * someone else (or by no one): every batch and pod removal is accepted and nothing is written, kept
 * or removed. An agent run without a cgroup root uses it, so its PodResources answers describe
 * allocations no cgroup applies.
 */
public final class UnenforcedCpusets implements CpusetWriter {

  /** @throws IllegalArgumentException when the batch names a container twice */
  @Override
  public void apply(List<CpusetWrite> batch) {
    CpusetWrite.requireOnePerContainer(batch);
  }

  /** Nothing to remove: no cgroup was made. */
  @Override
  public void removePod(String podUid) {}
}
