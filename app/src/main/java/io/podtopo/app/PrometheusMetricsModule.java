package io.podtopo.app;

import dagger.Module;
import dagger.Provides;
import io.podtopo.adapters.prometheus.MetricsRegistry;
import io.podtopo.ports.out.MetricsRecorder;

/** Metrics of a node in a Prometheus registry of its own, which the agent serves over HTTP. */
@Module
interface PrometheusMetricsModule {

  @Provides
  @NodeScope
  static MetricsRegistry metricsRegistry() {
    return MetricsRegistry.create();
  }

  @Provides
  @NodeScope
  static MetricsRecorder metricsRecorder(MetricsRegistry metrics) {
    return metrics.nodeMetrics();
  }
}
