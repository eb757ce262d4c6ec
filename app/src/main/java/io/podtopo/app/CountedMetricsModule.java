package io.podtopo.app;

import dagger.Binds;
import dagger.Module;
import dagger.Provides;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.ports.out.MetricsRecorder;

/** Metrics of a node counted in memory ({@link InMemoryMetricsRecorder}), exported nowhere. */
@Module
interface CountedMetricsModule {

  @Binds
  MetricsRecorder metricsRecorder(InMemoryMetricsRecorder metrics);

  @Provides
  @NodeScope
  static InMemoryMetricsRecorder inMemoryMetricsRecorder() {
    return new InMemoryMetricsRecorder();
  }
}
