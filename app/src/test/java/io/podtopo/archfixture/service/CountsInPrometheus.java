package io.podtopo.archfixture.service;

import io.prometheus.metrics.core.metrics.Counter;

/** Breaks the Prometheus rule: a service counting with the Prometheus client itself. */
public interface CountsInPrometheus {
  Counter admissions();
}
