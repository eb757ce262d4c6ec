package io.podtopo.domain.pod;

/** The pod QoS classes. Only Guaranteed pods get anything from the node resource managers. */
public enum QosClass {
  GUARANTEED("Guaranteed"),
  BURSTABLE("Burstable"),
  BEST_EFFORT("BestEffort");

  private final String kubernetesName;

  QosClass(String kubernetesName) {
    this.kubernetesName = kubernetesName;
  }

  /** The name Kubernetes uses ({@code Guaranteed}, {@code Burstable}, {@code BestEffort}). */
  public String kubernetesName() {
    return kubernetesName;
  }
}
