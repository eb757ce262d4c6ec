package io.podtopo.ports.in;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.node.RejectionCause;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.out.CpusetWrite;
import java.util.List;
import java.util.Optional;

/**
 * One node's resource managers (Topology Manager, CPU Manager, Memory Manager) as a use case: admit
 * pods, remove containers and pods, and read what was allocated.
 *
 * <p><b>Durability and cgroups.</b> A change is saved before any container cgroup is written: when
 * saving fails, nothing is written and every reader keeps seeing the previous snapshot. After a
 * successful save the cpusets of every running container whose CPUs or memory nodes changed are
 * written, as one batch (the new pod's containers, and containers on the node shared pool when it
 * shrank or grew); a batch that failed is undone and retried whole with the next change. Then the
 * cgroups of the pods the change released are removed, containers' first, as the kubelet removes a
 * released pod's cgroup; a removal that failed (a cgroup still holding processes) is tried again with
 * the next change. {@link #reconcile} writes whatever is not known to be applied, as the kubelet's
 * reconcile loop does (after a restart: every container), and removes what is still to be removed.
 *
 * <p><b>Threading.</b> Implementations are thread-safe. Changes (admit, remove) run one at a time;
 * reads never block and always see one complete snapshot, never a half-applied change.
 *
 * <p><b>Restart.</b> An implementation starts from the saved snapshot; admitting a pod that is already
 * active with its allocation changes nothing (it is never allocated twice).
 */
public interface NodeResourceManager {

  /**
   * Admits {@code pod}: on success the pod is active and its allocation saved and applied; on
   * rejection (the kubelet's reason and message in the {@link Admission}) nothing changes.
   *
   * @throws io.podtopo.ports.out.AllocationStoreException when the new state cannot be saved; the
   *     pod is then not admitted and nothing was written
   * @throws io.podtopo.ports.out.CpusetWriteException when the cgroup batch fails after the state was
   *     saved; the admission stands, the batch was undone and is retried whole by the next change or
   *     {@link #reconcile}
   */
  Admission admit(Pod pod);

  /**
   * Why {@code admission} of {@code pod} was rejected, and the smallest changes that would make it fit
   * ({@code podtopo simulate}'s causes and fixes); empty when it was admitted.
   */
  Optional<RejectionCause> explainRejection(Pod pod, Admission admission);

  /**
   * Removes one container of an active pod (upstream {@code RemoveContainer}): its exclusive
   * resources are released, the pod's bubble only with its last container. A container or pod that
   * is not known changes nothing.
   *
   * @return the snapshot after the removal
   * @throws io.podtopo.ports.out.AllocationStoreException when the new state cannot be saved
   * @throws io.podtopo.ports.out.CpusetWriteException when a cgroup write fails after the save
   */
  NodeSnapshot removeContainer(String podUid, String containerName);

  /**
   * Removes a pod and all its containers; the pod is no longer active. An unknown uid changes
   * nothing.
   *
   * @return the snapshot after the removal
   * @throws io.podtopo.ports.out.AllocationStoreException when the new state cannot be saved
   * @throws io.podtopo.ports.out.CpusetWriteException when a cgroup write, or the removal of the pod's
   *     cgroups, fails after the save; the removal stands and what failed is tried again next time
   */
  NodeSnapshot removePod(String podUid);

  /**
   * Writes the cpuset of every running container whose cgroup this manager has not written with its
   * current value (all of them after a restart, failed writes otherwise), then removes the cgroups of
   * released pods whose removal failed before. Saves nothing.
   *
   * @return the writes made (one batch), in pod and container order
   * @throws io.podtopo.ports.out.CpusetWriteException when the batch or a removal fails; it is tried
   *     again next time
   */
  List<CpusetWrite> reconcile();

  /** The current snapshot: state, active pods and removed containers, all from the same change. */
  NodeSnapshot snapshot();

  /** The v1 {@code GetAllocatableResources} answer for the current snapshot. */
  AllocatableResources allocatable();

  /** The v1 {@code List} answer (PodResources view) of the current snapshot's active pods. */
  PodResourcesView podResources();
}
