package io.podtopo.ports.out;

import io.podtopo.domain.topology.Machine;

/**
 * Where the node's machine comes from: sysfs on a real node, the catalog or a shape in simulation.
 *
 * <p>Promises the same machine on every call (the topology does not change while the node runs).
 * Thread-safe. A machine that cannot be discovered fails with the adapter's own exception, naming
 * what was missing.
 */
public interface MachineSource {

  /** The machine. */
  Machine machine();
}
