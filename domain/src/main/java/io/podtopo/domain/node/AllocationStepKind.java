package io.podtopo.domain.node;

/** What one allocation step of an admission gave out; {@link #label()} starts its description. */
public enum AllocationStepKind {
  /** CPU: the pod bubble taken from the node for the whole pod budget. */
  POD_BUBBLE("bubble"),
  /** CPU: an exclusive slice carved from the bubble. */
  EXCLUSIVE_SLICE("slice"),
  /** CPU: the CPUs a pod's shared containers run on, inside the bubble. */
  POD_SHARED_POOL("pod shared pool"),
  /** CPU: exclusive CPUs taken from the node for one container (legacy pods, container scope). */
  EXCLUSIVE_CPUS("exclusive cpus"),
  /** CPU: containers left on the node shared pool (the default CPU set). */
  NODE_SHARED_POOL("node shared pool"),
  /** Memory: the pod entry, the whole pod budget per memory type. */
  POD_MEMORY("pod memory"),
  /** Memory: blocks of one container (exclusive, or its pod's shared pool). */
  CONTAINER_MEMORY("memory"),
  /** Devices: the devices of device plugin resources one container holds. */
  DEVICES("devices");

  private final String label;

  AllocationStepKind(String label) {
    this.label = label;
  }

  /** The word that starts a step's description, e.g. {@code bubble}. */
  public String label() {
    return label;
  }
}
