package io.podtopo.conformance.scenarios;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which pods of a scenario are active, the kubelet's {@code GetActivePods}: admitted and not removed,
 * in admission order. A pod admitted again stays in its place; a pod leaves when it is removed or
 * when its last init or app container is removed (it has terminated). The PodResources view lists
 * the active pods. Also remembers the last pod given for each uid, so that a removal can name it.
 */
final class ActivePods {

  private final Map<String, Pod> active = new LinkedHashMap<>();
  private final Map<String, Set<String>> removed = new HashMap<>();
  private final Map<String, Pod> known = new HashMap<>();

  /** A pod was given to admit; {@code admitted} says whether it was. */
  void admitted(Pod pod, boolean admitted) {
    known.put(pod.uid(), pod);
    if (admitted) {
      active.put(pod.uid(), pod);
      removed.computeIfAbsent(pod.uid(), uid -> new TreeSet<>());
    }
  }

  /** A container was removed. */
  void containerRemoved(String podUid, String container) {
    Pod pod = active.get(podUid);
    if (pod == null) {
      return;
    }
    Set<String> gone = removed.get(podUid);
    gone.add(container);
    if (pod.initAndAppContainers().stream().map(Container::name).allMatch(gone::contains)) {
      active.remove(podUid);
      removed.remove(podUid);
    }
  }

  /** A pod was removed. */
  void podRemoved(String podUid) {
    active.remove(podUid);
    removed.remove(podUid);
  }

  List<Pod> pods() {
    return new ArrayList<>(active.values());
  }

  /** The active pods but the one of this uid: the predicate's {@code OtherPods} when it is admitted. */
  List<Pod> others(String podUid) {
    return active.values().stream().filter(pod -> !pod.uid().equals(podUid)).toList();
  }

  boolean isActive(String podUid) {
    return active.containsKey(podUid);
  }

  /** The last pod given with this uid, active or not. */
  Optional<Pod> known(String podUid) {
    return Optional.ofNullable(known.get(podUid));
  }
}
