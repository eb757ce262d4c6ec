/**
 * The node's metrics in Prometheus form: {@link
 * io.podtopo.adapters.prometheus.PrometheusMetricsRecorder} records the kubelet's Topology, CPU and
 * Memory Manager metrics (and the KEP-5526 resource-manager counters) under their upstream names
 * into a {@code PrometheusRegistry}; {@link io.podtopo.adapters.prometheus.AuditMetrics} holds the
 * metrics of a periodic PodResources audit; {@link io.podtopo.adapters.prometheus.MetricsEndpoint}
 * serves a registry over HTTP at {@code /metrics}.
 *
 * <p>Names, labels, buckets and when each metric moves: {@code docs/guide/metrics.md}. Nothing
 * outside this module sees the Prometheus client library.
 */
package io.podtopo.adapters.prometheus;
