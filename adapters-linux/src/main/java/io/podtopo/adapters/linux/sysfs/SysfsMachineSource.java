package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.out.MachineSource;
import java.nio.file.Path;

/**
 * The {@link MachineSource} of a real node: the machine of a sysfs root ({@link SysfsTopology#HOST_ROOT}
 * on the node itself, or a copy or archive of one), read on first use and then kept. Thread-safe;
 * a read that fails throws {@link SysfsException} and is tried again on the next call.
 */
public final class SysfsMachineSource implements MachineSource {

  private final Path root;
  private volatile SysfsTopology topology;
  private volatile Machine machine;

  /** A source over the sysfs root at {@code root}; nothing is read yet. */
  public SysfsMachineSource(Path root) {
    this.root = root;
  }

  /** The root this source reads. */
  public Path root() {
    return root;
  }

  /** The kernel's description of the machine. @throws SysfsException when the tree cannot be used */
  public SysfsTopology topology() {
    load();
    return topology;
  }

  /** The machine as the kubelet sees it. @throws SysfsException when the tree cannot be used */
  @Override
  public Machine machine() {
    load();
    return machine;
  }

  private void load() {
    if (machine == null) {
      synchronized (this) {
        if (machine == null) {
          SysfsTopology read = SysfsTopology.read(root);
          Machine converted = read.toMachine();
          topology = read;
          machine = converted;
        }
      }
    }
  }
}
