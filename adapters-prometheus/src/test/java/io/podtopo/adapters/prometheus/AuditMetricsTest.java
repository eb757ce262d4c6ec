package io.podtopo.adapters.prometheus;

import static io.podtopo.adapters.prometheus.Scrapes.seriesLabels;
import static io.podtopo.adapters.prometheus.Scrapes.value;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link AuditMetrics}: what each audit metric reads after completed and unreachable runs. */
class AuditMetricsTest {

  private static final Instant FIRST = Instant.parse("2026-12-03T10:00:00Z");
  private static final Instant SECOND = Instant.parse("2026-12-03T10:01:00.250Z");

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final AuditMetrics audit = new AuditMetrics(registry);

  @Test
  void aRunWithViolationsSetsThemPerRuleAndIsNotClean() {
    audit.recordRun(Map.of("I-3", 2, "I-7", 1, "I-9", 0), FIRST);

    assertThat(value(registry, "podtopo_audit_violations", "rule", "I-3")).isEqualTo(2);
    assertThat(value(registry, "podtopo_audit_violations", "rule", "I-7")).isEqualTo(1);
    assertThat(value(registry, "podtopo_audit_violations", "rule", "I-9")).isZero();
    assertThat(value(registry, "podtopo_audit_clean")).isZero();
    assertThat(value(registry, "podtopo_audit_runs_total")).isEqualTo(1);
    assertThat(value(registry, "podtopo_audit_failures_total")).isZero();
    assertThat(value(registry, "podtopo_audit_last_run_timestamp_seconds")).isEqualTo(FIRST.getEpochSecond());
  }

  @Test
  void aRuleNotViolatedInTheLastRunReadsZeroAndKeepsItsSeries() {
    audit.recordRun(Map.of("I-3", 2, "I-7", 1), FIRST);

    audit.recordRun(Map.of("I-7", 4), SECOND);

    assertThat(value(registry, "podtopo_audit_violations", "rule", "I-3")).isZero();
    assertThat(value(registry, "podtopo_audit_violations", "rule", "I-7")).isEqualTo(4);
    assertThat(seriesLabels(registry, "podtopo_audit_violations"))
        .containsExactly(Labels.of("rule", "I-3"), Labels.of("rule", "I-7"));
    assertThat(value(registry, "podtopo_audit_runs_total")).isEqualTo(2);
    assertThat(value(registry, "podtopo_audit_last_run_timestamp_seconds")).isEqualTo(1_796_292_060.25);
  }

  @Test
  void aRunWithoutViolationsIsCleanAndZeroesEveryRuleSeenBefore() {
    audit.recordRun(Map.of("I-3", 2), FIRST);

    audit.recordRun(Map.of(), SECOND);

    assertThat(value(registry, "podtopo_audit_clean")).isEqualTo(1);
    assertThat(value(registry, "podtopo_audit_violations", "rule", "I-3")).isZero();
  }

  @Test
  void anUnreachableEndpointIsAFailedRunThatIsNotCleanAndKeepsTheLastCounts() {
    audit.recordRun(Map.of(), FIRST);
    audit.recordRun(Map.of("I-3", 2), FIRST);

    audit.recordUnreachable(SECOND);

    assertThat(value(registry, "podtopo_audit_runs_total")).isEqualTo(3);
    assertThat(value(registry, "podtopo_audit_failures_total")).isEqualTo(1);
    assertThat(value(registry, "podtopo_audit_clean")).isZero();
    assertThat(value(registry, "podtopo_audit_violations", "rule", "I-3")).isEqualTo(2);
    assertThat(value(registry, "podtopo_audit_last_run_timestamp_seconds")).isEqualTo(1_796_292_060.25);
  }

  @Test
  void aNegativeCountIsRefusedAndRecordsNothing() {
    assertThatThrownBy(() -> audit.recordRun(Map.of("I-3", -1), FIRST)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rule I-3: -1 violations");
    assertThat(value(registry, "podtopo_audit_runs_total")).isZero();
    assertThat(seriesLabels(registry, "podtopo_audit_violations")).isEmpty();
  }
}
