package io.podtopo.domain.node;

/** What a container is to its pod, which decides the partition rules it follows. */
public enum ContainerRole {
  /** A standard init container: runs to completion before the next one; its exclusive CPUs are reused. */
  INIT,
  /** A restartable init container (sidecar): long-running; its exclusive slice is never reused. */
  SIDECAR,
  /** An app container: long-running. */
  APP,
  /** An ephemeral container: never allocated anything, runs on the node shared pool. */
  EPHEMERAL
}
