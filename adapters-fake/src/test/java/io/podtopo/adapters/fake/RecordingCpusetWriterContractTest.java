package io.podtopo.adapters.fake;

import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriter;
import io.podtopo.ports.out.CpusetWriterContract;
import java.util.Optional;

/**
 * {@link RecordingCpusetWriter} keeps {@link CpusetWriter}'s promises: a container's cgroup is its
 * current cpuset ({@link RecordingCpusetWriter#current}); its failures are the ones a test asks for,
 * each failing the next call only. It keeps no pod cgroups.
 */
class RecordingCpusetWriterContractTest implements CpusetWriterContract {

  private final RecordingCpusetWriter writer = new RecordingCpusetWriter();

  @Override
  public CpusetWriter newWriter() {
    return writer;
  }

  @Override
  public Optional<Cpuset> container(String podUid, String containerName) {
    return writer.current(podUid, containerName).map(write -> new Cpuset(write.cpus(), write.mems()));
  }

  @Override
  public void failApplying(CpusetWrite write) {
    writer.failNextApply("cgroup " + write.podUid() + "/" + write.containerName() + " refused");
  }

  @Override
  public void failRemoving(String podUid, String containerName) {
    writer.failNextRemovePod("cgroup " + podUid + "/" + containerName + " is busy");
  }

  /** Nothing to lift: the failure was the next removal's only. */
  @Override
  public void allowRemoving(String podUid, String containerName) {}
}
