package io.podtopo.ports.out;

import java.util.List;

/**
 * Applies CPUs and memory nodes to container cgroups (what the kubelet passes to the runtime as CRI
 * {@code CpusetCpus}/{@code CpusetMems} and its reconcile loop keeps up to date), one batch at a time,
 * and removes the cgroups of pods that were released.
 *
 * <p><b>Batches.</b> A batch holds every container cpuset one change needs, at most one per
 * container, in pod and container order. A container cgroup sits below its pod's cgroup, and a
 * parent must always allow what its children have (cgroup v1 refuses a child outside its parent and a
 * parent narrower than a child). So the batch is applied pod by pod: the pod's cgroup is first widened
 * to what it allows now plus everything the batch gives its containers, then the containers are
 * written, then the pod's cgroup is narrowed to the union of its container cgroups (those of the batch
 * and those it already had). A per-container write could never know when the pod may be narrowed.
 *
 * <p><b>Promises.</b> After {@link #apply} returns, every container of the batch has exactly its
 * {@code cpuset.cpus} and {@code cpuset.mems}, and each pod it names allows exactly the union of its
 * container cgroups. Applying the same batch again is harmless; an empty batch does nothing. Cgroups of
 * containers and pods that are not in the batch keep their cpusets (a removed container's cgroup is
 * kept while its pod runs: the runtime owns its lifetime). The service calls it only after the
 * allocation was saved, and only for running containers.
 *
 * <p><b>Released pods.</b> Once a pod is released (removed, or refused on re-admission), its cgroups
 * go as the kubelet removes a pod's: {@link #removePod} removes every cgroup below the pod's (its
 * containers', removed ones included), then the pod's own. The kernel refuses to remove a cgroup that
 * still holds processes, so a removal can fail; the service then asks again with its next change or
 * reconcile, as it does for a failed batch.
 *
 * <p><b>Threading.</b> Called by one writer at a time, in the order the changes must apply;
 * implementations must be safe to call from any thread.
 *
 * <p><b>Errors.</b> {@link CpusetWriteException}, one line naming the cgroup, the file, the value
 * and the reason, when the batch could not be applied. The batch is then undone: every cpuset it had
 * already changed is restored, so no pod is left half-applied (best effort: the message says whether
 * the undo was complete). {@link IllegalArgumentException}, before anything is changed, when the batch
 * names a container twice.
 */
public interface CpusetWriter {

  /** Applies {@code batch}, all of it or (on {@link CpusetWriteException}) none of it. */
  void apply(List<CpusetWrite> batch);

  /**
   * Removes the cgroups of the released pod {@code podUid}, its containers' before its own. A pod
   * with no cgroups (never written, or already removed) has nothing to remove, so asking again is
   * harmless.
   *
   * @throws CpusetWriteException one line naming the cgroup that could not be removed and why (e.g.
   *     a cgroup still holding processes is busy); what was removed before it stays removed
   */
  void removePod(String podUid);
}
