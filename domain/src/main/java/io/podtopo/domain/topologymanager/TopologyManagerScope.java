package io.podtopo.domain.topologymanager;

/** The Topology Manager scopes, by their kubelet names ({@code topologyManagerScope}). */
public enum TopologyManagerScope {
  /** Hints are merged and resources allocated container by container (the default). */
  CONTAINER("container"),
  /** Hints are merged once for the whole pod. */
  POD("pod");

  private final String kubeletName;

  TopologyManagerScope(String kubeletName) {
    this.kubeletName = kubeletName;
  }

  /** The name used in a KubeletConfiguration. */
  public String kubeletName() {
    return kubeletName;
  }

  /** The kubelet's default scope. */
  public static TopologyManagerScope defaultScope() {
    return CONTAINER;
  }

  /** The scope with this kubelet name. @throws InvalidTopologyManagerConfigException "unknown scope" */
  public static TopologyManagerScope parse(String name) {
    for (TopologyManagerScope scope : values()) {
      if (scope.kubeletName.equals(name)) {
        return scope;
      }
    }
    throw new InvalidTopologyManagerConfigException("unknown scope: \"" + name + "\"");
  }

  @Override
  public String toString() {
    return kubeletName;
  }
}
