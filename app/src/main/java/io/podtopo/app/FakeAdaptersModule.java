package io.podtopo.app;

import dagger.Binds;
import dagger.Module;
import dagger.Provides;
import io.podtopo.adapters.fake.EventLog;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.CpusetWriter;

/**
 * Fake hardware behind the driven ports of one node: an in-memory store and a recording cpuset
 * writer sharing one {@link EventLog} (metrics: {@link CountedMetricsModule}).
 */
@Module
interface FakeAdaptersModule {

  @Binds
  AllocationStore allocationStore(InMemoryAllocationStore store);

  @Binds
  CpusetWriter cpusetWriter(RecordingCpusetWriter writer);

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
}
