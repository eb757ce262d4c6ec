package io.podtopo.domain.node;

/**
 * The Memory Manager policies, by their kubelet names ({@code memoryManagerPolicy}). Upstream's
 * {@code BestEffort} policy is Windows-only and not supported here.
 */
public enum MemoryManagerPolicy {
  /** No memory alignment (the default). */
  NONE("None"),
  /** NUMA-aligned memory and hugepages for Guaranteed containers, and the pod entry of KEP-5526. */
  STATIC("Static");

  private final String kubeletName;

  MemoryManagerPolicy(String kubeletName) {
    this.kubeletName = kubeletName;
  }

  /** The name used in a KubeletConfiguration. */
  public String kubeletName() {
    return kubeletName;
  }

  /** The policy with this kubelet name. @throws InvalidNodeConfigException for any other name */
  public static MemoryManagerPolicy parse(String name) {
    for (MemoryManagerPolicy policy : values()) {
      if (policy.kubeletName.equals(name)) {
        return policy;
      }
    }
    throw new InvalidNodeConfigException("memoryManagerPolicy", "unknown policy: \"" + name + "\"");
  }

  @Override
  public String toString() {
    return kubeletName;
  }
}
