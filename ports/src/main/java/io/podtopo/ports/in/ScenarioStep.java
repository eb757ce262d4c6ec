package io.podtopo.ports.in;

import io.podtopo.domain.pod.Pod;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One step of a {@link Scenario}: admit a pod, remove one container of a pod, or remove a pod.
 * Build steps with {@link #admit}, {@link #removeContainer} and {@link #removePod}.
 */
@Value.Immutable
public abstract class ScenarioStep {

  /** What a step does. */
  public enum Kind { ADMIT, REMOVE_CONTAINER, REMOVE_POD }

  public abstract Kind kind();

  /** The uid of the pod the step concerns. */
  public abstract String podUid();

  /** The pod to admit; present iff {@link Kind#ADMIT}. */
  public abstract Optional<Pod> pod();

  /** The container to remove; present iff {@link Kind#REMOVE_CONTAINER}. */
  public abstract Optional<String> containerName();

  @Value.Check
  protected void check() {
    if (pod().isPresent() != (kind() == Kind.ADMIT)) {
      throw new IllegalArgumentException("a pod is given iff the step admits it: " + kind());
    }
    if (containerName().isPresent() != (kind() == Kind.REMOVE_CONTAINER)) {
      throw new IllegalArgumentException("a container name is given iff the step removes it: " + kind());
    }
    pod().ifPresent(pod -> {
      if (!pod.uid().equals(podUid())) {
        throw new IllegalArgumentException("pod uid " + pod.uid() + " differs from the step's " + podUid());
      }
    });
  }

  public static ScenarioStep admit(Pod pod) {
    return new Builder().kind(Kind.ADMIT).podUid(pod.uid()).pod(pod).build();
  }

  public static ScenarioStep removeContainer(String podUid, String containerName) {
    return new Builder().kind(Kind.REMOVE_CONTAINER).podUid(podUid).containerName(containerName).build();
  }

  public static ScenarioStep removePod(String podUid) {
    return new Builder().kind(Kind.REMOVE_POD).podUid(podUid).build();
  }

  @Override
  public String toString() {
    return switch (kind()) {
      case ADMIT -> "admit " + podUid();
      case REMOVE_CONTAINER -> "remove container " + podUid() + "/" + containerName().orElseThrow();
      case REMOVE_POD -> "remove pod " + podUid();
    };
  }

  /** Builder: prefer the factory methods. */
  public static class Builder extends ImmutableScenarioStep.Builder {}
}
