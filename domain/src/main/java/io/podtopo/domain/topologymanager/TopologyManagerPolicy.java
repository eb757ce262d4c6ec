package io.podtopo.domain.topologymanager;

/** The Topology Manager policies, by their kubelet names ({@code topologyManagerPolicy}). */
public enum TopologyManagerPolicy {
  NONE("none"),
  BEST_EFFORT("best-effort"),
  RESTRICTED("restricted"),
  SINGLE_NUMA_NODE("single-numa-node");

  private final String kubeletName;

  TopologyManagerPolicy(String kubeletName) {
    this.kubeletName = kubeletName;
  }

  /** The name used in a KubeletConfiguration. */
  public String kubeletName() {
    return kubeletName;
  }

  /** The policy with this kubelet name. @throws InvalidTopologyManagerConfigException "unknown policy" */
  public static TopologyManagerPolicy parse(String name) {
    for (TopologyManagerPolicy policy : values()) {
      if (policy.kubeletName.equals(name)) {
        return policy;
      }
    }
    throw new InvalidTopologyManagerConfigException("unknown policy: \"" + name + "\"");
  }

  /**
   * Upstream {@code canAdmitPodResult}: best-effort and none admit every hint; restricted and
   * single-numa-node admit only a preferred one.
   */
  public boolean canAdmit(TopologyHint hint) {
    return switch (this) {
      case NONE, BEST_EFFORT -> true;
      case RESTRICTED, SINGLE_NUMA_NODE -> hint.preferred();
    };
  }

  /** Upstream {@code IsAlignmentGuaranteed}: only single-numa-node guarantees alignment. */
  public boolean isAlignmentGuaranteed() {
    return this == SINGLE_NUMA_NODE;
  }

  @Override
  public String toString() {
    return kubeletName;
  }
}
