package io.podtopo.adapters.linux.store;

import io.podtopo.domain.pod.Pod;
import java.util.Arrays;
import java.util.List;

/**
 * The order numbers of the active pods in a state journal ({@link StateParts}), in the order of the
 * last saved snapshot's active pods: the file keeps the active pods in admission order, a journal
 * record names a pod's place by a number that only grows, so that a pod admitted after the others is
 * one part, not a new array.
 */
final class PodOrder {

  private long[] numbers;
  private long next;

  private PodOrder(long[] numbers, long next) {
    this.numbers = numbers;
    this.next = next;
  }

  /** The pods numbered by their place in the list, 0 first. */
  static PodOrder of(List<Pod> pods) {
    long[] numbers = new long[pods.size()];
    for (int i = 0; i < numbers.length; i++) {
      numbers[i] = i;
    }
    return new PodOrder(numbers, numbers.length);
  }

  /** The number of the active pod at {@code index} of the last saved snapshot's list. */
  long at(int index) {
    return numbers[index];
  }

  /** The number the next pod to become active gets. */
  long next() {
    return next;
  }

  /**
   * The numbers of the next saved snapshot's active pods, in its order: those of the first {@code head}
   * and the last {@code tail} pods of the last saved snapshot's list, {@code middle} between them; and
   * the next number.
   */
  void replace(int head, long[] middle, int tail, long next) {
    long[] replaced = Arrays.copyOf(numbers, head + middle.length + tail);
    System.arraycopy(middle, 0, replaced, head, middle.length);
    System.arraycopy(numbers, numbers.length - tail, replaced, head + middle.length, tail);
    this.numbers = replaced;
    this.next = next;
  }
}
