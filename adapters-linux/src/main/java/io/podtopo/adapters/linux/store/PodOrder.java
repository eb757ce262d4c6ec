package io.podtopo.adapters.linux.store;

import io.podtopo.domain.pod.Pod;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The order numbers of the active pods in a state journal ({@link StateParts}): the file keeps the
 * active pods in admission order, a journal record names a pod's place by a number that only grows,
 * so that a pod admitted after the others is one part, not a new array.
 */
final class PodOrder {

  private final Map<String, Long> numbers;
  private long next;

  private PodOrder(Map<String, Long> numbers, long next) {
    this.numbers = numbers;
    this.next = next;
  }

  /** The pods numbered by their place in the list, 0 first. */
  static PodOrder of(List<Pod> pods) {
    PodOrder order = new PodOrder(new HashMap<>(), 0);
    pods.forEach(pod -> order.add(pod.uid()));
    return order;
  }

  PodOrder copy() {
    return new PodOrder(new HashMap<>(numbers), next);
  }

  /** Numbers a pod that became active after every other: the next number. */
  long add(String uid) {
    numbers.put(uid, next);
    return next++;
  }

  /** The number of an active pod. */
  long of(String uid) {
    Long number = numbers.get(uid);
    if (number == null) {
      throw new IllegalStateException("pod " + uid + " has no order number");
    }
    return number;
  }

  void remove(String uid) {
    numbers.remove(uid);
  }

  /** Takes the numbers of {@code other}. */
  void replaceWith(PodOrder other) {
    numbers.clear();
    numbers.putAll(other.numbers);
    next = other.next;
  }
}
