package io.podtopo.domain.node;

/** The CPU Manager policies, by their kubelet names ({@code cpuManagerPolicy}). */
public enum CpuManagerPolicy {
  /** No exclusive CPUs: every container runs on the node shared pool (the default). */
  NONE("none"),
  /** Exclusive CPUs for Guaranteed containers, and the pod bubble of KEP-5526. */
  STATIC("static");

  private final String kubeletName;

  CpuManagerPolicy(String kubeletName) {
    this.kubeletName = kubeletName;
  }

  /** The name used in a KubeletConfiguration. */
  public String kubeletName() {
    return kubeletName;
  }

  /** The policy with this kubelet name. @throws InvalidNodeConfigException for any other name */
  public static CpuManagerPolicy parse(String name) {
    for (CpuManagerPolicy policy : values()) {
      if (policy.kubeletName.equals(name)) {
        return policy;
      }
    }
    throw new InvalidNodeConfigException("cpuManagerPolicy", "unknown policy: \"" + name + "\"");
  }

  @Override
  public String toString() {
    return kubeletName;
  }
}
