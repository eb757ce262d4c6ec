package io.podtopo.service;

import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriter;
import java.util.List;

/**
 * A {@link RecordingCpusetWriter} that holds the service's writer in a {@link MidChangeWindows}
 * window on each call: the service writes cgroups after it published the change and before it
 * releases the write lock, so the writer is then midway through the change.
 */
final class HoldingCpusetWriter implements CpusetWriter {

  private final RecordingCpusetWriter recording = new RecordingCpusetWriter();
  private final MidChangeWindows windows;

  HoldingCpusetWriter(MidChangeWindows windows) {
    this.windows = windows;
  }

  @Override
  public void apply(List<CpusetWrite> batch) {
    windows.holdWriter();
    recording.apply(batch);
  }

  @Override
  public void removePod(String podUid) {
    windows.holdWriter();
    recording.removePod(podUid);
  }
}
