package io.podtopo.domain.memorymanager;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.NumaMask;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Memory of standard init containers that later containers of the same pod may reuse, upstream
 * {@code initContainersReusableMemory}: tracked for the pod being admitted only, keyed by the block
 * mask's upstream {@code BitMask.String()} form and the memory type.
 *
 * <p>Upstream keeps it in the policy object; here it travels with the
 * {@link MemoryManagerState} so that the policy stays a pure function. It is not checkpointed.
 */
public final class ReusableInitMemory {

  private static final ReusableInitMemory NONE = new ReusableInitMemory(null, new TreeMap<>());

  private final String podUid;
  private final SortedMap<String, SortedMap<String, Long>> byMaskAndType;

  private ReusableInitMemory(String podUid, SortedMap<String, SortedMap<String, Long>> byMaskAndType) {
    this.podUid = podUid;
    this.byMaskAndType = byMaskAndType;
  }

  /** Nothing reusable. */
  public static ReusableInitMemory none() {
    return NONE;
  }

  /** Upstream {@code getPodReusableMemory}: 0 unless the pod is the one being tracked. */
  public long of(String pod, NumaMask mask, String type) {
    if (!pod.equals(podUid)) {
      return 0;
    }
    SortedMap<String, Long> byType = byMaskAndType.get(mask.toBinaryString());
    return byType == null ? 0 : byType.getOrDefault(type, 0L);
  }

  /** The masks (as bits) with an amount recorded for {@code pod}; none for another pod. */
  public List<Long> masksOf(String pod) {
    if (!pod.equals(podUid)) {
      return List.of();
    }
    return byMaskAndType.keySet().stream().map(key -> Long.parseUnsignedLong(key, 2)).toList();
  }

  /**
   * Upstream {@code updatePodReusableMemory}: forgets every other pod; a standard init container
   * raises the reusable amount per (mask, type) to its block size; any other container consumes it.
   */
  public ReusableInitMemory afterAllocation(Pod pod, Container container, List<MemoryBlock> blocks) {
    boolean tracked = pod.uid().equals(podUid);
    SortedMap<String, SortedMap<String, Long>> copy = new TreeMap<>();
    if (tracked) {
      byMaskAndType.forEach((mask, byType) -> copy.put(mask, new TreeMap<>(byType)));
    }
    if (isStandardInitContainer(pod, container)) {
      for (MemoryBlock block : blocks) {
        copy.computeIfAbsent(block.mask().toBinaryString(), k -> new TreeMap<>())
            .merge(block.type(), block.size(), Math::max);
      }
      return new ReusableInitMemory(pod.uid(), copy);
    }
    if (!tracked) {
      return new ReusableInitMemory(null, copy);
    }
    for (MemoryBlock block : blocks) {
      SortedMap<String, Long> byType = copy.get(block.mask().toBinaryString());
      long reusable = byType == null ? 0 : byType.getOrDefault(block.type(), 0L);
      if (reusable != 0) {
        byType.put(block.type(), block.size() >= reusable ? 0 : reusable - block.size());
      }
    }
    return new ReusableInitMemory(pod.uid(), copy);
  }

  static boolean isStandardInitContainer(Pod pod, Container container) {
    return pod.initContainers().stream()
        .filter(c -> c.name().equals(container.name()))
        .findFirst()
        .map(c -> !c.restartable())
        .orElse(false);
  }

  /** The amounts by mask string and type, for display and tests. */
  public SortedMap<String, SortedMap<String, Long>> amounts() {
    return Collections.unmodifiableSortedMap(byMaskAndType);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ReusableInitMemory that && Objects.equals(podUid, that.podUid)
        && byMaskAndType.equals(that.byMaskAndType);
  }

  @Override
  public int hashCode() {
    return Objects.hash(podUid, byMaskAndType);
  }

  @Override
  public String toString() {
    return podUid == null ? "ReusableInitMemory{}" : "ReusableInitMemory{" + podUid + "=" + byMaskAndType + "}";
  }
}
