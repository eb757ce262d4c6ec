package io.podtopo.conformance.invariants;

/**
 * One breach of an invariant: its number, the pod (uid) and container it concerns (empty when it is
 * about the pod or the node as a whole) and a message naming the offending sets.
 */
public record Violation(int invariant, String pod, String container, String message) {

  /** A violation about a whole pod (or, with an empty uid, the node). */
  public static Violation ofPod(int invariant, String pod, String message) {
    return new Violation(invariant, pod, "", message);
  }

  /** A violation about one container of a pod. */
  public static Violation ofContainer(int invariant, String pod, String container, String message) {
    return new Violation(invariant, pod, container, message);
  }

  @Override
  public String toString() {
    return "invariant " + invariant + (pod.isEmpty() ? "" : " pod " + pod)
        + (container.isEmpty() ? "" : " container " + container) + ": " + message;
  }
}
