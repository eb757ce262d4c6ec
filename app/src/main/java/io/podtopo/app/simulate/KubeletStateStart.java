package io.podtopo.app.simulate;

import io.podtopo.adapters.linux.kubelet.CheckpointReport;
import io.podtopo.adapters.linux.kubelet.KubeletCheckpoints;
import io.podtopo.adapters.linux.kubelet.KubeletState;
import io.podtopo.adapters.linux.kubelet.KubeletStateException;
import io.podtopo.app.input.InputException;
import io.podtopo.domain.node.InvalidNodeStateException;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code simulate --kubelet-state DIR}: the node state read from the kubelet's checkpoint files and
 * put through the managers' start-up validation ({@link NodeResourceManagers#start}), as the
 * kubelet does before it admits anything.
 *
 * @param state the validated state the simulation starts from
 * @param checkpoints what each checkpoint file held (format, policy, verification)
 */
public record KubeletStateStart(NodeState state, List<CheckpointReport> checkpoints) {

  /**
   * Reads and validates the state in {@code directory}.
   *
   * @throws InputException naming the folder or file, with the kubelet's text, when the kubelet
   *     would refuse to start from it
   */
  public static KubeletStateStart read(Path directory, NodeResourceManagers managers) {
    KubeletState restored;
    try {
      restored = KubeletCheckpoints.read(directory, managers.config());
    } catch (KubeletStateException e) {
      throw new InputException("--kubelet-state " + e.path() + ": " + e.getMessage(), e);
    }
    try {
      return new KubeletStateStart(managers.start(restored.state()), restored.files());
    } catch (InvalidNodeStateException e) {
      throw new InputException("--kubelet-state " + directory + ": " + e.getMessage(), e);
    }
  }
}
