package io.podtopo.domain.node;

import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * The PodResources v1 {@code List} answer as a pure function of the state: one entry per active
 * pod, in the order the pods were given.
 */
@Value.Immutable
public abstract class PodResourcesView {

  public abstract List<PodResources> pods();

  /** The v1 {@code Get} answer: the pod with this name and namespace. */
  public Optional<PodResources> pod(String name, String namespace) {
    return pods().stream().filter(p -> p.name().equals(name) && p.namespace().equals(namespace)).findFirst();
  }

  /** Builder: {@code new PodResourcesView.Builder().addPod(p).build()}. */
  public static class Builder extends ImmutablePodResourcesView.Builder {}
}
