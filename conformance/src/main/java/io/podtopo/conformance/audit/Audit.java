package io.podtopo.conformance.audit;

import java.util.List;

/**
 * The audit of a PodResources endpoint: every rule, in report order, run over one
 * {@link AuditInput}. The rules on the answers alone come first, then those that need the node's
 * scope, then those that compare with a cgroup tree.
 */
public final class Audit {

  private static final List<AuditRule> RULES = List.of(
      new ContainerCpusInPodCpus(),
      new ContainerCpusDisjoint(),
      new PodCpusDisjoint(),
      new CpusAllocatable(),
      new PodSharedPoolNotEmpty(),
      new MemoryWithinAllocatable(),
      new ContainerMemoryInPodMemory(),
      new PodFieldsEmptyOutsidePodScope(),
      new DevicesDisjoint(),
      new CgroupExclusiveCpusApplied(),
      new CgroupPodSharedPoolApplied(),
      new CgroupNoCpuLeak());

  private Audit() {}

  /** Every rule, in report order. */
  public static List<AuditRule> rules() {
    return RULES;
  }

  /** The result of every rule on {@code input}. */
  public static AuditResult run(AuditInput input) {
    return new AuditResult(RULES.stream().map(rule -> rule.check(input)).toList());
  }
}
