package io.podtopo.adapters.fake;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A {@link CpusetWriter} that writes nothing but records every write in order, knows each
 * container's current cpuset (its last write), and logs each write as {@code write <write>} to an
 * {@link EventLog}. Thread-safe.
 */
public final class RecordingCpusetWriter implements CpusetWriter {

  private final List<CpusetWrite> writes = new ArrayList<>();
  private final Map<ContainerRef, CpusetWrite> current = new TreeMap<>();
  private final EventLog log;

  public RecordingCpusetWriter() {
    this(new EventLog());
  }

  /** A writer logging its writes to {@code log}. */
  public RecordingCpusetWriter(EventLog log) {
    this.log = log;
  }

  @Override
  public synchronized void write(CpusetWrite write) {
    writes.add(write);
    current.put(ContainerRef.of(write.podUid(), write.containerName()), write);
    log.add("write " + write);
  }

  /** Every write so far, oldest first. */
  public synchronized List<CpusetWrite> writes() {
    return List.copyOf(writes);
  }

  /** The container's cgroup as last written; empty when it was never written. */
  public synchronized Optional<CpusetWrite> current(String podUid, String containerName) {
    return Optional.ofNullable(current.get(ContainerRef.of(podUid, containerName)));
  }

  /** The container's {@code cpuset.cpus} as last written; empty when it was never written. */
  public Optional<CpuSet> currentCpus(String podUid, String containerName) {
    return current(podUid, containerName).map(CpusetWrite::cpus);
  }
}
