package io.podtopo.adapters.prometheus;

import io.prometheus.metrics.model.registry.Collector;
import io.prometheus.metrics.model.registry.MetricType;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricFamilyDescriptor;
import io.prometheus.metrics.model.snapshots.MetricMetadata;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot.UnknownDataPointSnapshot;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A counter exposed under a name that does not end in {@code _total}, exactly as given. The
 * Prometheus client library writes every counter as {@code NAME_total}; the kubelet's
 * {@code resource_manager_container_assignments} is a counter without that suffix, so this one is
 * exposed as {@code untyped} (text format; {@code unknown} in OpenMetrics) to keep the upstream
 * name and labels. Its values only grow. A series exists from its first increment on.
 */
final class UntypedCounter implements Collector {

  private final MetricMetadata metadata;
  private final List<String> labelNames;
  private final Map<List<String>, LongAdder> series = new ConcurrentHashMap<>();

  UntypedCounter(String name, String help, String... labelNames) {
    this.metadata = new MetricMetadata(name, help);
    this.labelNames = List.of(labelNames);
  }

  /**
   * Adds {@code increment} to the series of {@code labelValues} (one per label name, in order).
   *
   * @throws IllegalArgumentException when {@code increment} is negative or a label value is missing
   */
  void add(long increment, String... labelValues) {
    if (increment < 0) {
      throw new IllegalArgumentException(metadata.getName() + ": a counter cannot decrease by " + (-increment));
    }
    if (labelValues.length != labelNames.size()) {
      throw new IllegalArgumentException(metadata.getName() + ": expected values for " + labelNames
          + ", got " + List.of(labelValues));
    }
    series.computeIfAbsent(List.of(labelValues), values -> new LongAdder()).add(increment);
  }

  @Override
  public MetricSnapshot collect() {
    UnknownSnapshot.Builder snapshot = UnknownSnapshot.builder().name(metadata.getName()).help(metadata.getHelp());
    series.forEach((values, value) -> snapshot.dataPoint(UnknownDataPointSnapshot.builder()
        .labels(Labels.of(labelNames, values)).value(value.sum()).build()));
    return snapshot.build();
  }

  @Override
  public MetricFamilyDescriptor getMetricFamilyDescriptor() {
    return MetricFamilyDescriptor.of(MetricType.UNKNOWN, metadata, labelNames);
  }
}
