package io.podtopo.domain.node;

import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a user can change in a rejected pod so that the node admits it: one or more
 * {@link PodChange}s made together, found by admitting the changed pod on the state the rejection
 * started from ({@link PodFixFinder}).
 *
 * @param changes the changes, each of another resource or container
 */
public record PodFix(List<PodChange> changes) {

  public PodFix {
    changes = List.copyOf(changes);
    if (changes.isEmpty()) {
      throw new IllegalArgumentException("a fix changes something");
    }
  }

  /** The pod with every change made. */
  public Pod applyTo(Pod pod) {
    Pod changed = pod;
    for (PodChange change : changes) {
      changed = change.applyTo(changed);
    }
    return changed;
  }

  /** How far the fix goes: the sum of its changes' relative sizes. */
  public double size() {
    return changes.stream().mapToDouble(PodChange::relativeSize).sum();
  }

  /**
   * {@code ask for 5 CPUs instead of 4 and 5Gi of memory instead of 4Gi in spec.resources (requests
   * and limits)}: the changes grouped by where they are made.
   */
  public String advice() {
    Map<String, List<String>> byPlace = new LinkedHashMap<>();
    changes.forEach(change -> byPlace.computeIfAbsent(change.place(), place -> new ArrayList<>()).add(change.words()));
    String costs = changes.stream().flatMap(change -> change.cost().stream()).map(cost -> "; " + cost)
        .collect(Collectors.joining());
    return "ask for " + byPlace.entrySet().stream()
        .map(place -> String.join(" and ", place.getValue()) + " in " + place.getKey())
        .collect(Collectors.joining(", and ")) + " (requests and limits)" + costs;
  }
}
