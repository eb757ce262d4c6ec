package io.podtopo.conformance.audit;

import static io.podtopo.conformance.audit.Answers.GI;
import static io.podtopo.conformance.audit.Answers.allocatable;
import static io.podtopo.conformance.audit.Answers.exclusive;
import static io.podtopo.conformance.audit.Answers.memory;
import static io.podtopo.conformance.audit.Answers.pod;
import static io.podtopo.conformance.audit.Answers.result;
import static io.podtopo.conformance.audit.Answers.shared;
import static io.podtopo.conformance.audit.Answers.view;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.podtopo.domain.node.AppliedCpuset;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The audit rules comparing the answers with the cpusets of a cgroup tree (AU-9 to AU-11), on the
 * tree a runtime makes for the pod-scope example: one cgroup per pod, one leaf per container and one
 * for the pod sandbox, which keeps its parent's cpuset.
 */
class CgroupRulesTest {

  private static final String NODE_SHARED = "0,6-7,10-16,21-31";

  /** kubepods (all CPUs), a pod cgroup per pod (all CPUs), a leaf per container and a sandbox leaf. */
  private static List<AppliedCpuset> tree(String sharedOnlyPool, String mixedPool, String metrics) {
    List<AppliedCpuset> tree = new ArrayList<>();
    tree.add(AppliedCpuset.of("", CpuSet.parse("0-31"), false, false));
    podCgroups(tree, "pod-shared-only", "sandbox", "web=" + sharedOnlyPool, "cache=" + sharedOnlyPool);
    podCgroups(tree, "pod-mixed", "sandbox", "metrics-sidecar=" + metrics, "main-app=3-4,19", "logging-sidecar=" + mixedPool);
    podCgroups(tree, "pod-db", "sandbox", "database=8-9", "backup=" + NODE_SHARED);
    podCgroups(tree, "pod-besteffort", "sandbox", "app=" + NODE_SHARED);
    return tree;
  }

  private static void podCgroups(List<AppliedCpuset> tree, String pod, String... leaves) {
    tree.add(AppliedCpuset.of(pod, CpuSet.parse("0-31"), false, true));
    for (String leaf : leaves) {
      String[] nameAndCpus = leaf.split("=");
      CpuSet cpus = nameAndCpus.length == 1 ? CpuSet.parse("0-31") : CpuSet.parse(nameAndCpus[1]);
      tree.add(AppliedCpuset.of(pod + "/" + nameAndCpus[0], cpus, true, cpus.equals(CpuSet.parse("0-31"))));
    }
  }

  private static AuditInput input(PodResourcesView view, List<AppliedCpuset> tree) {
    return AuditInput.of(view, allocatable()).withCgroups(tree);
  }

  @Test
  void withoutACgroupTreeTheCgroupRulesAreNotChecked_au9to11() {
    assertThat(Audit.run(AuditInput.of(Answers.podScope(), allocatable())).results())
        .filteredOn(result -> result.rule().startsWith("cgroup-"))
        .extracting(RuleResult::status, RuleResult::reason)
        .containsOnly(tuple(RuleStatus.NOT_CHECKED, "no cgroup tree read"));
  }

  @Test
  void theTreeOfTheExampleMatchesTheAnswersUnderEveryCgroupRule_au9to11() {
    AuditInput input = input(Answers.podScope(), tree("1-2,17-18", "20", "5"));

    assertThat(Audit.run(input).results()).filteredOn(result -> result.rule().startsWith("cgroup-"))
        .hasSize(3).allSatisfy(result -> assertThat(result.status()).as(result.toString()).isEqualTo(RuleStatus.PASS));
  }

  @Test
  void anExclusiveSetNoLeafHasFails_au9() {
    RuleResult result = result("cgroup-exclusive-cpus-applied", input(Answers.podScope(), tree("1-2,17-18", "20", "5,20")));

    assertThat(result.violations()).containsExactly(
        "pod default/pod-scope-mixed container metrics-sidecar: no leaf cgroup has its cpu_ids 5 as cpuset");
  }

  @Test
  void aSharedPoolNoLeafHasFailsOnlyForPodsWithSharedContainers_au10() {
    PodResourcesView view = view(Answers.podScope().pods().get(0), Answers.podScope().pods().get(1),
        pod("unused-budget", "12-13", memory(1, GI), exclusive("only", "12", 1, GI)));

    RuleResult result = result("cgroup-pod-shared-pool-applied", input(view, tree("1-2,17", "20", "5")));

    assertThat(result.violations()).containsExactly("pod default/shared-only: no leaf cgroup has its shared pool "
        + "1-2,17-18 as cpuset, where web, cache should run");
  }

  @Test
  void aLeafOverlappingAnExclusiveSetOrAPodPoolWithoutBeingItIsALeak_au11() {
    List<AppliedCpuset> tree = tree("1-2,17-18", "20", "5");
    tree.add(AppliedCpuset.of("pod-late/app", CpuSet.parse("4-5,21"), true, false));

    RuleResult result = result("cgroup-no-cpu-leak", input(Answers.podScope(), tree));

    assertThat(result.violations()).containsExactly(
        "cgroup pod-late/app has cpuset 4-5,21, which overlaps CPUs 5 of pod default/pod-scope-mixed container "
            + "metrics-sidecar without being them",
        "cgroup pod-late/app has cpuset 4-5,21, which overlaps CPUs 3-4,19 of pod default/pod-scope-mixed container "
            + "main-app without being them");
  }

  @Test
  void aSharedContainerLeftOnAStaleNodePoolLeaksIntoTheBubbles_au11() {
    List<AppliedCpuset> tree = tree("1-2,17-18", "20", "5");
    tree.set(tree.size() - 1, AppliedCpuset.of("pod-besteffort/app", CpuSet.parse("1-15,17-31"), true, false));

    RuleResult result = result("cgroup-no-cpu-leak", input(Answers.podScope(), tree));

    assertThat(result.violations()).hasSize(5).allMatch(line -> line.startsWith("cgroup pod-besteffort/app has cpuset "
        + "1-15,17-31, which overlaps CPUs "));
  }

  @Test
  void leavesKeepingTheirParentsCpusetAndLeavesWithoutCpusAreNotCounted_au11() {
    List<AppliedCpuset> tree = tree("1-2,17-18", "20", "5");
    tree.add(AppliedCpuset.of("pod-v1-unset/leaf", CpuSet.empty(), true, false));

    assertThat(result("cgroup-no-cpu-leak", input(Answers.podScope(), tree)).status()).isEqualTo(RuleStatus.PASS);
    assertThat(tree).filteredOn(AppliedCpuset::sameAsParent).filteredOn(AppliedCpuset::leaf).hasSize(4);
  }

  @Test
  void aContainerScopeNodeWithoutPoolsIsComparedByItsExclusiveSetsAlone_au9to11() {
    List<AppliedCpuset> tree = new ArrayList<>();
    tree.add(AppliedCpuset.of("", CpuSet.parse("0-31"), false, false));
    podCgroups(tree, "pod-mixed", "sandbox", "database=1,17", "backup-agent=0,2-16,18-31");
    podCgroups(tree, "pod-only", "sandbox", "frontend=0,2-16,18-31", "backend=0,2-16,18-31");

    assertThat(Audit.run(input(Answers.containerScope(), tree)).results()).filteredOn(r -> r.rule().startsWith("cgroup-"))
        .allSatisfy(result -> assertThat(result.status()).as(result.toString()).isEqualTo(RuleStatus.PASS));
    assertThat(result("cgroup-pod-shared-pool-applied", input(view(pod("x", "", List.of(), shared("s"))), tree)).status())
        .isEqualTo(RuleStatus.PASS);
  }
}
