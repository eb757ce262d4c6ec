package io.podtopo.app.simulate;

import io.podtopo.adapters.linux.kubelet.CheckpointReport;
import java.util.List;
import java.util.Objects;

/**
 * Where a simulation started when the node was not empty: the kubelet state folder it was read
 * from, what each checkpoint file held (format, policy, checksum verification), and the pods the
 * checkpoints hold that no step of the simulation admits.
 *
 * @param directory the kubelet state folder as given
 * @param checkpoints what each checkpoint file held: format, policy and checksum verification
 * @param preExisting the pods of the checkpoints no step of the run admitted, in uid order
 */
public record RestoredStart(String directory, List<CheckpointReport> checkpoints, List<PreExistingPod> preExisting) {

  public RestoredStart {
    Objects.requireNonNull(directory, "directory");
    checkpoints = List.copyOf(checkpoints);
    preExisting = List.copyOf(preExisting);
  }
}
