package io.podtopo.adapters.prometheus;

import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.DataPointSnapshot;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot.HistogramDataPointSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import io.prometheus.metrics.model.snapshots.UnknownSnapshot;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * Reads a registry back through {@link PrometheusRegistry#scrape()}: a metric by the name it is
 * exposed under ({@code ..._total} for counters), a series by its label pairs, or the whole
 * registry in the Prometheus text format.
 */
final class Scrapes {

  private Scrapes() {}

  /** The metric exposed as {@code name}; empty when the registry has none. */
  static Optional<MetricSnapshot> metric(PrometheusRegistry registry, String name) {
    return registry.scrape().stream()
        .filter(metric -> metric.getMetadata().getOriginalName().equals(name) || metric.getMetadata().getName().equals(name))
        .findFirst();
  }

  /** The series of {@code labels} (name, value, name, value...); empty when it does not exist. */
  static Optional<DataPointSnapshot> series(PrometheusRegistry registry, String name, String... labels) {
    Labels wanted = Labels.of(labels);
    return metric(registry, name).flatMap(metric -> metric.getDataPoints().stream()
        .filter(point -> point.getLabels().equals(wanted)).findFirst().map(DataPointSnapshot.class::cast));
  }

  /** The value of a counter, gauge or untyped series; 0 when the series does not exist. */
  static double value(PrometheusRegistry registry, String name, String... labels) {
    return series(registry, name, labels).map(Scrapes::valueOf).orElse(0.0);
  }

  /** The labels of every series of {@code name}. */
  static List<Labels> seriesLabels(PrometheusRegistry registry, String name) {
    return metric(registry, name).map(metric -> metric.getDataPoints().stream().map(DataPointSnapshot::getLabels).toList())
        .orElse(List.of());
  }

  /** The one series of an unlabelled histogram. */
  static HistogramDataPointSnapshot histogram(PrometheusRegistry registry, String name) {
    return ((HistogramSnapshot) metric(registry, name).orElseThrow()).getDataPoints().get(0);
  }

  /** The registry in the Prometheus text format (version 0.0.4), as a scrape reads it. */
  static String text(PrometheusRegistry registry) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      PrometheusTextFormatWriter.create().write(out, registry.scrape());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static double valueOf(DataPointSnapshot point) {
    if (point instanceof CounterSnapshot.CounterDataPointSnapshot counter) {
      return counter.getValue();
    }
    if (point instanceof GaugeSnapshot.GaugeDataPointSnapshot gauge) {
      return gauge.getValue();
    }
    if (point instanceof UnknownSnapshot.UnknownDataPointSnapshot untyped) {
      return untyped.getValue();
    }
    throw new IllegalArgumentException("not a single-valued series: " + point);
  }
}
