package io.podtopo.app.input;

import io.podtopo.domain.pod.Pod;

/** {@code namespace/name}: how scenario files, {@code --pods} and the reports name a pod. */
public final class PodKey {

  private PodKey() {}

  /** The pod's {@code namespace/name}. */
  public static String of(Pod pod) {
    return pod.namespace() + "/" + pod.name();
  }
}
