package io.podtopo.domain.topologymanager;

/**
 * A Topology Manager configuration the kubelet refuses to start with: unknown policy, scope or
 * option, a bad option value, or a machine the policy does not support. Messages are upstream's.
 */
public final class InvalidTopologyManagerConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public InvalidTopologyManagerConfigException(String message) {
    super(message);
  }
}
