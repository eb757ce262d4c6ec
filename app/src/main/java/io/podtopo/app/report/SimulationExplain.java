package io.podtopo.app.report;

import io.podtopo.app.input.PodKey;
import io.podtopo.app.simulate.PodOutcome;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.AdmissionTrace;
import io.podtopo.domain.node.AllocationStep;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.text.ByteSizes;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.MaskFamily;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.ProviderAnswer;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * How each pod's admission was decided, from its {@link AdmissionTrace}: for a pod with pod-level
 * resources its budget as the API server stores it (decision D-42), then every Topology Manager
 * merge (each provider's hints per resource, the device manager's per device plugin resource on a
 * machine with devices, the merged hint, the policy's decision), then every allocation and
 * partition step (the devices each container got among them), then the verdict, then each quirk
 * of kubelet v1.37 that changed it (ADR 0008) with what the run's behaviour did there.
 *
 * <p>A resource with more than {@value #LISTED_HINTS} hints (a machine of many NUMA nodes has up to
 * {@code 2^N - 1}) is summarised: how many masks, the preferred ones by width, and the narrowest
 * few; {@code full} lists every hint.
 */
public final class SimulationExplain {

  /** Hints listed one by one in a summary, and the most a resource lists without a summary. */
  static final int LISTED_HINTS = 16;
  private static final int NARROWEST_SHOWN = 6;

  private SimulationExplain() {}

  /** The explanation of one pod, with long hint lists summarised. */
  public static List<String> lines(PodOutcome outcome) {
    return lines(outcome, false);
  }

  /** The explanation of one pod: a heading line and indented lines; {@code full}: every hint. */
  public static List<String> lines(PodOutcome outcome, boolean full) {
    List<String> lines = new ArrayList<>();
    Pod pod = outcome.pod();
    if (pod.isPodLevelResourcesSet()) {
      lines.add("pod budget (spec.resources as the API server defaults it): requests " + amounts(pod.podRequests())
          + "; limits " + amounts(pod.podLimits()));
    }
    AdmissionTrace trace = outcome.admission().trace();
    for (MergeTrace merge : trace.merges()) {
      lines.add("topology manager, " + merge.container().map(name -> "container " + name).orElse("pod scope") + ":");
      for (ProviderAnswer answer : merge.answers()) {
        lines.add("  " + answer.provider() + " manager: " + hintsText(answer, full));
      }
      lines.add("  merged hint: " + merge.bestHint() + " -> " + (merge.admit() ? "admit" : "reject"));
    }
    if (!trace.steps().isEmpty()) {
      lines.add("allocation:");
      for (AllocationStep step : trace.steps()) {
        lines.add("  " + stepText(step));
      }
    }
    Admission admission = outcome.admission();
    lines.add(admission.failure()
        .map(failure -> (admission.noAnswer().isPresent() ? QuirkText.NO_ANSWER : "rejected: " + failure.reason())
            + ": " + failure.message())
        .orElse("admitted"));
    admission.quirks().forEach(quirk -> lines.add("quirk " + QuirkText.line(quirk, admission.behaviour())));
    return lines;
  }

  /** The text of all pods of a run, for the table format, with long hint lists summarised. */
  public static String render(List<PodOutcome> outcomes) {
    return render(outcomes, false);
  }

  /** The text of all pods of a run, for the table format; {@code full}: every hint. */
  public static String render(List<PodOutcome> outcomes, boolean full) {
    StringBuilder out = new StringBuilder();
    for (PodOutcome outcome : outcomes) {
      out.append("explain ").append(PodKey.of(outcome.pod())).append('\n');
      lines(outcome, full).forEach(line -> out.append("  ").append(line).append('\n'));
    }
    return out.toString();
  }

  /**
   * {@code cpu 4, memory 6Gi}, or {@code none}; memory and hugepages in bytes as the rest of the report
   * writes them, since an amount the defaulting summed from the containers has lost its suffix.
   */
  private static String amounts(SortedMap<String, Quantity> resources) {
    return resources.isEmpty() ? "none" : resources.entrySet().stream()
        .map(entry -> entry.getKey() + " " + (Resources.isMemoryKind(entry.getKey())
            ? ByteSizes.format(entry.getValue().bytes()) : entry.getValue().toString()))
        .collect(Collectors.joining(", "));
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
    if (!step.devices().isEmpty()) {
      given.append(ContainerRow.devicesText(step.devices()));
    }
    step.numaNodes().ifPresent(mask -> given.append(" on NUMA ")
        .append(mask.nodes().stream().map(String::valueOf).collect(Collectors.joining(","))));
    return given.length() == 0 ? line.toString() : line + ": " + given.toString().strip();
  }

  private static String hintsText(ProviderAnswer answer, boolean full) {
    if (answer.hints().isNoPreference()) {
      return "no preference";
    }
    List<String> resources = new ArrayList<>();
    for (Map.Entry<String, ResourceHints> resource : answer.hints().resources().entrySet()) {
      ResourceHints hints = resource.getValue();
      String text = hints.isNoPreference() ? "no preference"
          : hints.isUnsatisfiable() ? "none (cannot be satisfied)"
          : !hints.isListable() ? describedText(hints)
          : full || hints.hints().size() <= LISTED_HINTS ? listText(hints.hints())
          : summaryText(hints.hints());
      resources.add(resource.getKey() + " " + text);
    }
    return String.join("; ", resources);
  }

  /**
   * A list too long to enumerate (more than 20 NUMA nodes), as its provider describes it (ADR 0007):
   * {@code every mask holding NUMA [] with 12 CPUs free or reusable; preferred at 1 node
   * (narrowest preferred: {0}; not listed on 64 nodes)}.
   */
  private static String describedText(ResourceHints hints) {
    MaskFamily family = hints.family().orElseThrow();
    String narrowest = family.best(0).stream()
        .mapToObj(bits -> NumaMask.fromBits(bits).nodes().stream().map(String::valueOf).collect(Collectors.joining(",")))
        .findFirst().orElse("none");
    return family.description() + " (narrowest " + (family.best(0).isPresent()
        && family.isPreferred(family.best(0).getAsLong()) ? "preferred" : "member") + ": {" + narrowest
        + "}; not listed on " + family.nodeCount() + " NUMA nodes, even with --explain-hints full)";
  }

  private static String listText(List<TopologyHint> hints) {
    return hints.stream().map(TopologyHint::toString).collect(Collectors.joining(" "));
  }

  /**
   * {@code 65535 masks; preferred: 16 of 1 node; narrowest: {0 preferred} {1 preferred} ... (of
   * 65535; --explain-hints full lists all)}.
   */
  static String summaryText(List<TopologyHint> hints) {
    SortedMap<Integer, Integer> preferredByWidth = new TreeMap<>();
    boolean anyNil = false;
    for (TopologyHint hint : hints) {
      if (hint.affinity().isEmpty()) {
        anyNil = true;
      } else if (hint.preferred()) {
        preferredByWidth.merge(hint.affinity().get().count(), 1, Integer::sum);
      }
    }
    List<TopologyHint> narrowest = hints.stream().filter(hint -> hint.affinity().isPresent())
        .sorted((a, b) -> NumaMask.NARROWEST_FIRST.compare(a.affinity().get(), b.affinity().get()))
        .limit(NARROWEST_SHOWN).toList();
    List<String> preferred = new ArrayList<>();
    preferredByWidth.forEach((width, count) -> preferred.add(count + " of " + width + (width == 1 ? " node" : " nodes")));
    return hints.size() + " masks" + (anyNil ? " (with any)" : "")
        + "; preferred: " + (preferred.isEmpty() ? "none" : String.join(", ", preferred))
        + "; narrowest: " + listText(narrowest) + " ... (--explain-hints full lists all " + hints.size() + ")";
  }

}
