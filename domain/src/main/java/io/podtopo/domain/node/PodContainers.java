package io.podtopo.domain.node;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.List;

/** A pod's containers with their roles, in pod order: init (standard and sidecars), app, ephemeral. */
final class PodContainers {

  private PodContainers() {}

  /** A container and what it is to its pod. */
  record Member(Container container, ContainerRole role) {}

  static List<Member> of(Pod pod) {
    List<Member> members = new ArrayList<>();
    pod.initContainers().forEach(c -> members.add(new Member(c, c.restartable() ? ContainerRole.SIDECAR : ContainerRole.INIT)));
    pod.containers().forEach(c -> members.add(new Member(c, ContainerRole.APP)));
    pod.ephemeralContainers().forEach(c -> members.add(new Member(c, ContainerRole.EPHEMERAL)));
    return List.copyOf(members);
  }

  /** @throws IllegalArgumentException when the pod has no container of that name */
  static ContainerRole roleOf(Pod pod, String containerName) {
    return of(pod).stream().filter(m -> m.container().name().equals(containerName)).map(Member::role).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("pod " + pod.uid() + " has no container " + containerName));
  }
}
