package io.podtopo.conformance.audit;

import io.podtopo.domain.node.AppliedCpuset;
import java.util.List;

/**
 * A rule comparing the answers with the cpusets a cgroup tree applies; not checked when no tree was
 * read. Only leaf cgroups with CPUs count: processes run there (container cgroups, pod sandboxes),
 * and a cgroup v1 cpuset nobody set holds no process.
 */
abstract class CgroupRule extends AuditRule {

  CgroupRule(String id, String summary) {
    super(id, summary);
  }

  @Override
  public final RuleResult check(AuditInput input) {
    return input.cgroups()
        .map(tree -> RuleResult.checked(id(), violations(input, tree.stream()
            .filter(cgroup -> cgroup.leaf() && !cgroup.cpus().isEmpty()).toList())))
        .orElseGet(() -> RuleResult.notChecked(id(), "no cgroup tree read"));
  }

  /** The violations, given the leaf cgroups with CPUs, in tree order. */
  abstract List<String> violations(AuditInput input, List<AppliedCpuset> leaves);
}
