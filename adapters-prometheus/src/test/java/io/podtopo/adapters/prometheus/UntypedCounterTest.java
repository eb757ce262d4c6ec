package io.podtopo.adapters.prometheus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.junit.jupiter.api.Test;

/**
 * {@link UntypedCounter}: a counter exposed under its exact name, which the client library's
 * counters cannot do for a name without {@code _total} (the kubelet's
 * {@code resource_manager_container_assignments}).
 */
class UntypedCounterTest {

  private final PrometheusRegistry registry = new PrometheusRegistry();
  private final UntypedCounter counter = new UntypedCounter("resource_manager_container_assignments", "containers",
      "resource_name", "assignment_type");

  @Test
  void itIsExposedUnderItsExactNameWithItsLabelsSortedAsUpstreamWritesThem() {
    registry.register(counter);

    counter.add(2, "cpu", "pod_shared");
    counter.add(1, "cpu", "pod_shared");
    counter.add(1, "cpu", "node_exclusive");

    assertThat(Scrapes.text(registry)).isEqualTo("""
        # HELP resource_manager_container_assignments containers
        # TYPE resource_manager_container_assignments untyped
        resource_manager_container_assignments{assignment_type="node_exclusive",resource_name="cpu"} 1.0
        resource_manager_container_assignments{assignment_type="pod_shared",resource_name="cpu"} 3.0
        """);
  }

  @Test
  void itNeverDecreasesAndTakesOneValuePerLabel() {
    assertThatThrownBy(() -> counter.add(-1, "cpu", "pod_shared")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("resource_manager_container_assignments: a counter cannot decrease by 1");
    assertThatThrownBy(() -> counter.add(1, "cpu")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("resource_manager_container_assignments: expected values for [resource_name, assignment_type], got [cpu]");
  }

  @Test
  void itsNameIsTakenInTheRegistry() {
    registry.register(counter);

    assertThatThrownBy(() -> registry.register(new UntypedCounter("resource_manager_container_assignments", "again")))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
