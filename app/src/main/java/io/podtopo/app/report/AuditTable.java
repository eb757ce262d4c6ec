package io.podtopo.app.report;

import io.podtopo.conformance.audit.AuditResult;
import io.podtopo.conformance.audit.AuditScope;
import io.podtopo.conformance.audit.RuleResult;
import io.podtopo.conformance.audit.RuleStatus;
import io.podtopo.domain.node.AppliedCpuset;
import java.util.ArrayList;
import java.util.List;

/**
 * An audit run for people: what was read, one row per rule (pass, fail or not checked, with the
 * number of violations or why it was not checked), every violation on its own line, and a summary.
 */
public final class AuditTable {

  private static final String[] HEADER = {"RULE", "RESULT", "VIOLATIONS"};

  private AuditTable() {}

  /** The whole text of one run. */
  public static String render(AuditedEndpoint run) {
    StringBuilder out = new StringBuilder();
    out.append("endpoint: ").append(run.socket()).append(" (").append(count(run.input().pods().pods().size(), "pod"))
        .append(")\n");
    out.append("scope:    ").append(scope(run.input().scope())).append('\n');
    out.append("cgroups:  ").append(cgroups(run)).append("\n\n");
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    for (RuleResult result : run.result().results()) {
      rows.add(new String[] {result.rule(), result.status().label(),
          result.status() == RuleStatus.NOT_CHECKED ? result.reason() : Integer.toString(result.violations().size())});
    }
    out.append(TextTable.render(rows));
    List<String> violations = new ArrayList<>();
    run.result().results().forEach(result -> result.violations().forEach(line -> violations.add(result.rule() + ": " + line)));
    if (!violations.isEmpty()) {
      out.append("\nviolations:\n");
      violations.forEach(line -> out.append("  ").append(line).append('\n'));
    }
    AuditResult result = run.result();
    out.append('\n').append(count(result.results().size(), "rule")).append(": ")
        .append(result.count(RuleStatus.PASS)).append(" passed, ")
        .append(result.count(RuleStatus.FAIL)).append(" failed, ")
        .append(result.count(RuleStatus.NOT_CHECKED)).append(" not checked\n");
    return out.toString();
  }

  private static String scope(AuditScope scope) {
    return switch (scope.podLevelFields()) {
      case ALLOWED -> "pod-level fields expected (" + scope.source() + ")";
      case FORBIDDEN -> "pod-level fields always empty (" + scope.source() + ")";
      case UNKNOWN -> "unknown (give --scope or --kubelet-config)";
    };
  }

  private static String cgroups(AuditedEndpoint run) {
    return run.cgroupTree().map(read -> {
      List<AppliedCpuset> tree = run.input().cgroups().orElse(List.of());
      return count(tree.size(), "cgroup") + " at and below " + read.cgroupRoot() + " (" + read.directory() + "), "
          + count(tree.stream().filter(AppliedCpuset::leaf).count(), "leaf", "leaves");
    }).orElse("not read (give --cgroup-root)");
  }

  private static String count(long count, String noun) {
    return count(count, noun, noun + "s");
  }

  private static String count(long count, String one, String many) {
    return count + " " + (count == 1 ? one : many);
  }
}
