package io.podtopo.adapters.fake;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriteException;
import io.podtopo.ports.out.CpusetWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A {@link CpusetWriter} that writes nothing but records every batch and write in order, knows each
 * container's current cpuset (its last write, until its pod's cgroups are removed), and logs each
 * write as {@code write <write>} and each pod removal as {@code remove pod <uid>} to an
 * {@link EventLog}. For tests it can be made to fail its next batch ({@link #failNextApply}), which
 * then changes nothing, as the port promises, or its next pod removal ({@link #failNextRemovePod}).
 * Thread-safe.
 */
public final class RecordingCpusetWriter implements CpusetWriter {

  private final List<List<CpusetWrite>> batches = new ArrayList<>();
  private final Map<ContainerRef, CpusetWrite> current = new TreeMap<>();
  private final List<String> removedPods = new ArrayList<>();
  private final EventLog log;
  private String failure;
  private String removalFailure;

  public RecordingCpusetWriter() {
    this(new EventLog());
  }

  /** A writer logging its writes to {@code log}. */
  public RecordingCpusetWriter(EventLog log) {
    this.log = log;
  }

  /**
   * @throws CpusetWriteException when {@link #failNextApply} was called since the last batch
   * @throws IllegalArgumentException when the batch names a container twice
   */
  @Override
  public synchronized void apply(List<CpusetWrite> batch) {
    CpusetWrite.requireOnePerContainer(batch);
    if (failure != null) {
      String message = failure;
      failure = null;
      log.add("apply failed");
      throw new CpusetWriteException(message);
    }
    batches.add(List.copyOf(batch));
    for (CpusetWrite write : batch) {
      current.put(container(write), write);
      log.add("write " + write);
    }
  }

  /**
   * Forgets the cpusets of the pod's containers.
   *
   * @throws CpusetWriteException when {@link #failNextRemovePod} was called since the last removal
   */
  @Override
  public synchronized void removePod(String podUid) {
    if (removalFailure != null) {
      String message = removalFailure;
      removalFailure = null;
      log.add("remove pod failed");
      throw new CpusetWriteException(message);
    }
    current.keySet().removeIf(container -> container.podUid().equals(podUid));
    removedPods.add(podUid);
    log.add("remove pod " + podUid);
  }

  /** Makes the next {@link #removePod} fail with {@link CpusetWriteException} carrying {@code message}. */
  public synchronized void failNextRemovePod(String message) {
    removalFailure = message;
  }

  /** The uid of every pod whose cgroups were removed, oldest first; a failed removal is not among them. */
  public synchronized List<String> removedPods() {
    return List.copyOf(removedPods);
  }

  /** Makes the next {@link #apply} fail with {@link CpusetWriteException} carrying {@code message}. */
  public synchronized void failNextApply(String message) {
    failure = message;
  }

  /** Every batch applied so far, oldest first; a failed one is not among them. */
  public synchronized List<List<CpusetWrite>> batches() {
    return List.copyOf(batches);
  }

  /** Every write applied so far, oldest first. */
  public synchronized List<CpusetWrite> writes() {
    return batches.stream().flatMap(List::stream).toList();
  }

  /** The container's cgroup as last written; empty when it was never written. */
  public synchronized Optional<CpusetWrite> current(String podUid, String containerName) {
    return Optional.ofNullable(current.get(ContainerRef.of(podUid, containerName)));
  }

  /** The container's {@code cpuset.cpus} as last written; empty when it was never written. */
  public Optional<CpuSet> currentCpus(String podUid, String containerName) {
    return current(podUid, containerName).map(CpusetWrite::cpus);
  }

  private static ContainerRef container(CpusetWrite write) {
    return ContainerRef.of(write.podUid(), write.containerName());
  }
}
