package io.podtopo.domain.cpumanager;

/**
 * Upstream {@code GetResourceIsolationLevel} (PLRM spec 6.6): how isolated a container's CPUs are.
 * CFS quota is disabled only at {@link #CONTAINER} level.
 */
public enum ResourceIsolationLevel {
  /** No CPU Manager entry: the container runs on the node shared pool. */
  HOST,
  /** A pod-level pod's shared pool: explicit cpuset, quota kept. */
  POD,
  /** Exclusive CPUs. */
  CONTAINER
}
