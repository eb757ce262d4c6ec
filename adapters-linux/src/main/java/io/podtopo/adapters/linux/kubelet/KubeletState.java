package io.podtopo.adapters.linux.kubelet;

import io.podtopo.domain.node.NodeState;
import java.util.List;
import java.util.Objects;

/**
 * A node's resource-manager state restored from the kubelet's checkpoint files, not yet validated
 * against the machine and configuration (that is {@code NodeResourceManagers.start}).
 *
 * @param state the restored state: the CPU Manager's (empty under policy {@code none} or when
 *     {@code cpu_manager_state} is absent) and the Memory Manager's (likewise)
 * @param files what was read from each file, CPU first
 */
public record KubeletState(NodeState state, List<CheckpointReport> files) {

  public KubeletState {
    Objects.requireNonNull(state, "state");
    files = List.copyOf(files);
  }
}
