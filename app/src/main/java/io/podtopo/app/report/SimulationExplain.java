package io.podtopo.app.report;

import io.podtopo.app.input.ScenarioStep;
import io.podtopo.app.simulate.PodOutcome;
import io.podtopo.domain.node.AdmissionTrace;
import io.podtopo.domain.node.AllocationStep;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.ProviderAnswer;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How each pod's admission was decided, from its {@link AdmissionTrace}: every Topology Manager
 * merge (each provider's hints per resource, the merged hint, the policy's decision), then every
 * allocation and partition step, then the verdict.
 */
public final class SimulationExplain {

  private SimulationExplain() {}

  /** The explanation of one pod: a heading line and indented lines. */
  public static List<String> lines(PodOutcome outcome) {
    List<String> lines = new ArrayList<>();
    AdmissionTrace trace = outcome.admission().trace();
    for (MergeTrace merge : trace.merges()) {
      lines.add("topology manager, " + merge.container().map(name -> "container " + name).orElse("pod scope") + ":");
      for (ProviderAnswer answer : merge.answers()) {
        lines.add("  " + answer.provider() + " manager: " + hintsText(answer));
      }
      lines.add("  merged hint: " + hintText(merge.bestHint()) + " -> " + (merge.admit() ? "admit" : "reject"));
    }
    if (!trace.steps().isEmpty()) {
      lines.add("allocation:");
      for (AllocationStep step : trace.steps()) {
        lines.add("  " + stepText(step));
      }
    }
    lines.add(outcome.admission().failure()
        .map(failure -> "rejected: " + failure.reason() + ": " + failure.message())
        .orElse("admitted"));
    return lines;
  }

  /** The text of all pods of a run, for the table format. */
  public static String render(List<PodOutcome> outcomes) {
    StringBuilder out = new StringBuilder();
    for (PodOutcome outcome : outcomes) {
      out.append("explain ").append(ScenarioStep.key(outcome.pod())).append('\n');
      lines(outcome).forEach(line -> out.append("  ").append(line).append('\n'));
    }
    return out.toString();
  }

  /** {@code slice main-app: 3-4,19 on NUMA 0}, {@code pod memory: 6Gi @0}, {@code node shared pool app}. */
  private static String stepText(AllocationStep step) {
    StringBuilder line = new StringBuilder(step.kind().label());
    if (!step.containers().isEmpty()) {
      line.append(' ').append(String.join(", ", step.containers()));
    }
    StringBuilder given = new StringBuilder();
    step.cpus().ifPresent(cpus -> given.append(cpus.isEmpty() ? "(none)" : cpus.toString()));
    if (!step.memory().isEmpty()) {
      given.append(ContainerRow.memoryText(step.memory()));
    }
    step.numaNodes().ifPresent(mask -> given.append(" on NUMA ")
        .append(mask.nodes().stream().map(String::valueOf).collect(Collectors.joining(","))));
    return given.length() == 0 ? line.toString() : line + ": " + given.toString().strip();
  }

  private static String hintsText(ProviderAnswer answer) {
    if (answer.hints().isNoPreference()) {
      return "no preference";
    }
    List<String> resources = new ArrayList<>();
    for (Map.Entry<String, ResourceHints> resource : answer.hints().resources().entrySet()) {
      ResourceHints hints = resource.getValue();
      String text = hints.isNoPreference() ? "no preference"
          : hints.isUnsatisfiable() ? "none (cannot be satisfied)"
          : hints.hints().stream().map(SimulationExplain::hintText).collect(Collectors.joining(" "));
      resources.add(resource.getKey() + " " + text);
    }
    return String.join("; ", resources);
  }

  /** {@code {0 preferred}}, {@code {0,1 not preferred}}, {@code {any preferred}}. */
  private static String hintText(TopologyHint hint) {
    return "{" + hint.affinity().map(mask -> mask.nodes().stream().map(String::valueOf)
        .collect(Collectors.joining(","))).orElse("any") + (hint.preferred() ? " preferred}" : " not preferred}");
  }
}
