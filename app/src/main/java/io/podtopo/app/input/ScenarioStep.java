package io.podtopo.app.input;

import io.podtopo.domain.pod.Pod;
import java.util.Objects;

/** One step of a simulation: admit a pod, remove a pod, or remove one container of a pod. */
public sealed interface ScenarioStep {

  /** {@code namespace/name}: how steps and reports name a pod. */
  static String key(Pod pod) {
    return pod.namespace() + "/" + pod.name();
  }

  /** The pod the step admits or removes (or one container of). */
  Pod pod();

  /** Admit {@code pod} (again, if it was admitted before: the kubelet's restart path). */
  record Admit(Pod pod) implements ScenarioStep {
    public Admit {
      Objects.requireNonNull(pod, "pod");
    }
  }

  /** Remove every container of {@code pod}, releasing its bubble and pod memory. */
  record RemovePod(Pod pod) implements ScenarioStep {
    public RemovePod {
      Objects.requireNonNull(pod, "pod");
    }
  }

  /** Remove one container of {@code pod}; the pod's bubble stays until its last container goes. */
  record RemoveContainer(Pod pod, String container) implements ScenarioStep {
    public RemoveContainer {
      Objects.requireNonNull(pod, "pod");
      Objects.requireNonNull(container, "container");
    }
  }
}
