package io.podtopo.conformance.audit;

import static io.podtopo.conformance.audit.Answers.allocatable;
import static io.podtopo.conformance.audit.Answers.container;
import static io.podtopo.conformance.audit.Answers.pod;
import static io.podtopo.conformance.audit.Answers.view;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The audit as a whole: the rules, their ids and order, and a run's summary. */
class AuditTest {

  @Test
  void theRulesHaveStableIdsInReportOrder() {
    assertThat(Audit.rules()).extracting(AuditRule::id).containsExactly(
        "container-cpus-in-pod-cpus", "container-cpus-disjoint", "pod-cpus-disjoint", "cpus-allocatable",
        "pod-shared-pool-not-empty", "memory-within-allocatable", "container-memory-in-pod-memory",
        "pod-fields-empty-outside-pod-scope", "devices-disjoint", "cgroup-exclusive-cpus-applied", "cgroup-pod-shared-pool-applied",
        "cgroup-no-cpu-leak");
    assertThat(Audit.rules()).extracting(AuditRule::summary).allSatisfy(summary -> assertThat(summary).isNotBlank()
        .doesNotContain("\n"));
  }

  @Test
  void aRunCountsViolationsByCheckedRuleAndFailsWhenAnyRuleFails() {
    AuditResult clean = Audit.run(AuditInput.of(Answers.podScope(), allocatable()));
    AuditResult doubled = Audit.run(AuditInput.of(view(pod("p", "1-2", List.of(), container("a", "1-2", List.of()),
        container("b", "1-2", List.of()), container("c", "1-2", List.of()))), allocatable()));

    assertThat(clean.failed()).isFalse();
    assertThat(clean.count(RuleStatus.PASS)).isEqualTo(8);
    assertThat(clean.count(RuleStatus.NOT_CHECKED)).isEqualTo(4);
    assertThat(clean.violationsByRule()).hasSize(8).containsEntry("container-cpus-disjoint", 0)
        .doesNotContainKey("cgroup-no-cpu-leak");
    assertThat(doubled.failed()).isTrue();
    assertThat(doubled.violationsByRule()).containsAllEntriesOf(Map.of("container-cpus-disjoint", 2,
        "pod-shared-pool-not-empty", 0, "container-cpus-in-pod-cpus", 0));
  }

  @Test
  void statusLabelsAreTheReportNames() {
    assertThat(List.of(RuleStatus.values())).extracting(RuleStatus::label).containsExactly("pass", "fail", "not-checked");
  }
}
