package io.podtopo.app.simulate;

import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;

/**
 * What is wrong with a node as a whole, said once before any pod is admitted, instead of through
 * every pod's rejection: today, a machine without memory information under the {@code Static}
 * memory policy (the kubelet then rejects every Guaranteed pod with an {@code UnexpectedAdmissionError}
 * that does not say why).
 */
public final class NodeNotices {

  private NodeNotices() {}

  /** The notices of a node with these managers; empty when there is nothing to say. */
  public static List<String> of(NodeResourceManagers managers) {
    List<String> notices = new ArrayList<>();
    Machine machine = managers.machine();
    if (managers.config().memoryManagerPolicy() == MemoryManagerPolicy.STATIC && machine.hasNoMemoryInformation()) {
      notices.add("machine " + machine.name() + " has no memory information (0 bytes and no hugepages on every NUMA "
          + "node: its sysfs has no node*/meminfo, or its JSON says 0): under the Static memory policy every pod "
          + "that requests memory is rejected (UnexpectedAdmissionError: failed to find NUMA nodes to extend the "
          + "current topology hint); give the machine its memory, or use memoryManagerPolicy None");
    }
    return List.copyOf(notices);
  }
}
