package io.podtopo.app;

import dagger.Binds;
import dagger.Module;
import dagger.Provides;
import io.podtopo.adapters.fake.EventLog;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.CpusetWriter;
import io.podtopo.ports.out.MetricsRecorder;

/**
 * Fake hardware behind the driven ports of one node: an in-memory store, a recording cpuset writer
 * and in-memory metrics; the store and the writer share one {@link EventLog}.
 */
@Module
interface FakeAdaptersModule {

  @Binds
  AllocationStore allocationStore(InMemoryAllocationStore store);

  @Binds
  CpusetWriter cpusetWriter(RecordingCpusetWriter writer);

  @Binds
  MetricsRecorder metricsRecorder(InMemoryMetricsRecorder metrics);

  @Provides
  @NodeScope
  static EventLog eventLog() {
    return new EventLog();
  }

  @Provides
  @NodeScope
  static InMemoryAllocationStore inMemoryAllocationStore(EventLog log) {
    return new InMemoryAllocationStore(log);
  }

  @Provides
  @NodeScope
  static RecordingCpusetWriter recordingCpusetWriter(EventLog log) {
    return new RecordingCpusetWriter(log);
  }

  @Provides
  @NodeScope
  static InMemoryMetricsRecorder inMemoryMetricsRecorder() {
    return new InMemoryMetricsRecorder();
  }
}
