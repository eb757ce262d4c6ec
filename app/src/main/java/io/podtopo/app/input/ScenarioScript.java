package io.podtopo.app.input;

import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;

/**
 * What {@code podtopo simulate} runs: the {@link ScenarioStep}s, and step by step the pod each names
 * as the reports show it ({@link PodKey}): the pod it admits, or the pod a scenario file's removal
 * named. A removal step knows its pod by uid only, and two manifests may give one uid
 * ({@code metadata.uid}), so only the name the file used tells which one the reports mark removed.
 *
 * @param steps the steps, in order
 * @param podNames the {@code namespace/name} of each step's pod, one per step
 */
public record ScenarioScript(List<ScenarioStep> steps, List<String> podNames) {

  public ScenarioScript {
    steps = List.copyOf(steps);
    podNames = List.copyOf(podNames);
    if (steps.size() != podNames.size()) {
      throw new IllegalArgumentException(steps.size() + " steps but " + podNames.size() + " pod names");
    }
  }

  /** Admit {@code pods}, in order. */
  public static ScenarioScript admitting(List<Pod> pods) {
    return new ScenarioScript(pods.stream().<ScenarioStep>map(ScenarioStep::admit).toList(),
        pods.stream().map(PodKey::of).toList());
  }
}
