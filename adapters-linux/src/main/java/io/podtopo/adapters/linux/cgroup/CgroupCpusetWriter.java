package io.podtopo.adapters.linux.cgroup;

import io.podtopo.domain.topology.CpuListFormatException;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriteException;
import io.podtopo.ports.out.CpusetWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link CpusetWriter} of a real node: container cpusets in cgroup v1 or v2 below a root, laid out
 * by a {@link CgroupLayout} (one cgroup per pod, one per container below it).
 *
 * <p><b>Order.</b> A parent must always allow what its children have: cgroup v1 refuses a child outside
 * its parent ({@code Permission denied}) and a parent narrower than a child ({@code Device or resource
 * busy}); cgroup v2 would silently clip the child. So parents are widened first and children narrowed
 * first. Per pod of the batch, in batch order, for {@code cpuset.cpus} and {@code cpuset.mems}:
 * <ol>
 *   <li>(v2) the root, then the pod, lists {@code cpuset} in {@code cgroup.subtree_control}, so their
 *       children have cpuset files;</li>
 *   <li>the pod's cgroup is created if missing (in v1 with empty cpus and mems) and widened to what it
 *       allows now plus all the batch gives its containers (in v2 an empty value, which allows all of
 *       the parent's, is left as it is);</li>
 *   <li>each container's cgroup is created if missing and set;</li>
 *   <li>the pod is narrowed to the union of all its child cgroups: those of the batch, those it already
 *       had, and those of removed containers (kept while their pod runs: on a node the runtime removes
 *       a container's cgroup with the container; a leftover child keeps its pod that wide, which v1
 *       insists on).</li>
 * </ol>
 * The root is never written: it must exist and (v1) allow every CPU and node the pods may get. Files
 * that already hold the wanted value are not written, so applying a batch twice writes nothing the
 * second time. {@code cpuset.cpus.partition} is never touched.
 *
 * <p><b>Removal.</b> {@link #removePod} removes a released pod's cgroups as the kubelet removes a
 * pod's: every cgroup below the pod's (its containers', removed ones included) first, then the pod's
 * own. A cgroup that still holds processes cannot be removed (the kernel says {@code Device or
 * resource busy}); it is tried as the {@link RetryPolicy} says, like every file operation.
 *
 * <p><b>Failure.</b> Every file operation is tried as the {@link RetryPolicy} says. When one fails for
 * good, every change the batch made before is undone in reverse order (files get their previous value,
 * created cgroups are removed, an enabled controller is disabled), going on past a failed undo step,
 * and {@link CpusetWriteException} reports, on one line, the cgroup, file, value and errno text, and
 * then whether the undo was complete. A pod uid or container name that cannot name a cgroup fails the
 * batch before anything is changed.
 *
 * <p><b>Threading.</b> {@link #apply} and {@link #removePod} are synchronized: they run one at a time,
 * from any thread. Other processes writing the same cgroups are not coordinated with.
 */
public final class CgroupCpusetWriter implements CpusetWriter {

  private final CgroupLayout layout;
  private final CgroupVersion version;
  private final CgroupOperations cgroups;

  /**
   * A writer for pods below {@code layout}'s root, on a {@code version} hierarchy.
   *
   * @throws CgroupSetupException when the root is not a directory
   */
  public CgroupCpusetWriter(CgroupLayout layout, CgroupVersion version, RetryPolicy retry) {
    this(layout, version, new KernelCgroupFs(), retry);
  }

  CgroupCpusetWriter(CgroupLayout layout, CgroupVersion version, CgroupFs fs, RetryPolicy retry) {
    if (!fs.isDirectory(layout.root())) {
      throw new CgroupSetupException("the cgroup root " + layout.root() + " is not a directory; create it first"
          + (version == CgroupVersion.V1 ? ", with cpuset.cpus and cpuset.mems set" : ""));
    }
    this.layout = layout;
    this.version = version;
    this.cgroups = new CgroupOperations(fs, retry);
  }

  /**
   * The writer of this node: the cpuset hierarchy {@code mountInfo} shows (normally
   * {@link CpusetHierarchy#SELF_MOUNTINFO}), pods below its cgroup {@code cgroupParent} (e.g.
   * {@code kubepods}, or {@code kubepods.slice} for systemd), default retries.
   *
   * @throws CgroupSetupException when the hierarchy cannot be found, or the root is unusable
   */
  public static CgroupCpusetWriter onNode(Path mountInfo, String cgroupParent, CgroupDriver driver) {
    CpusetHierarchy hierarchy = CpusetHierarchy.detect(mountInfo);
    return new CgroupCpusetWriter(CgroupLayout.of(hierarchy.cgroup(cgroupParent), driver), hierarchy.version(),
        RetryPolicy.defaults());
  }

  /**
   * @throws CpusetWriteException when the batch could not be applied (and was undone)
   * @throws IllegalArgumentException when the batch names a container twice
   */
  @Override
  public synchronized void apply(List<CpusetWrite> batch) {
    Map<Path, Map<Path, CpusetWrite>> pods = byPod(batch);
    CgroupTransaction changes = new CgroupTransaction(cgroups);
    try {
      for (Map.Entry<Path, Map<Path, CpusetWrite>> pod : pods.entrySet()) {
        applyPod(changes, pod.getKey(), pod.getValue());
      }
    } catch (CgroupOperationException failure) {
      throw new CpusetWriteException(failure.getMessage() + "; " + changes.undo(), failure.getCause());
    }
  }

  /**
   * Removes the pod's cgroups, its containers' first. A pod without cgroups (never written, already
   * removed, or with a uid that cannot name a cgroup) has nothing to remove.
   *
   * @throws CpusetWriteException naming the cgroup that could not be removed and why; the cgroups
   *     removed before it stay removed
   */
  @Override
  public synchronized void removePod(String podUid) {
    Path pod;
    try {
      pod = layout.pod(podUid);
    } catch (IllegalArgumentException noCgroupName) {
      return;
    }
    try {
      cgroups.removeTree(pod);
    } catch (CgroupOperationException failure) {
      throw new CpusetWriteException(failure.getMessage(), failure.getCause());
    }
  }

  /** The batch's container cgroups by pod cgroup, both in batch order. */
  private Map<Path, Map<Path, CpusetWrite>> byPod(List<CpusetWrite> batch) {
    Map<Path, Map<Path, CpusetWrite>> pods = new LinkedHashMap<>();
    for (CpusetWrite write : batch) {
      Path container;
      try {
        container = layout.container(write.podUid(), write.containerName());
      } catch (IllegalArgumentException badName) {
        throw new CpusetWriteException("cannot apply " + write + ": " + badName.getMessage() + "; nothing was changed");
      }
      if (pods.computeIfAbsent(container.getParent(), pod -> new LinkedHashMap<>()).put(container, write) != null) {
        throw new IllegalArgumentException("the batch names " + write.podUid() + "/" + write.containerName()
            + " twice: " + batch);
      }
    }
    return pods;
  }

  private void applyPod(CgroupTransaction changes, Path pod, Map<Path, CpusetWrite> containers)
      throws CgroupOperationException {
    handCpusetToChildren(changes, layout.root());
    changes.create(pod);
    for (CpusetFile file : CpusetFile.values()) {
      widen(changes, pod, file, containers.values().stream().map(file::of).reduce(CpuSet.empty(), CpuSet::union));
    }
    handCpusetToChildren(changes, pod);
    for (Map.Entry<Path, CpusetWrite> container : containers.entrySet()) {
      changes.create(container.getKey());
      for (CpusetFile file : CpusetFile.values()) {
        changes.set(container.getKey(), file.fileName(), file.of(container.getValue()).toString());
      }
    }
    for (CpusetFile file : CpusetFile.values()) {
      narrow(changes, pod, file);
    }
  }

  private void handCpusetToChildren(CgroupTransaction changes, Path dir) throws CgroupOperationException {
    if (version == CgroupVersion.V2) {
      changes.enableCpuset(dir);
    }
  }

  private void widen(CgroupTransaction changes, Path pod, CpusetFile file, CpuSet wanted)
      throws CgroupOperationException {
    CpuSet allowed = ids(changes, pod, file);
    if (!allowsAll(allowed)) {
      changes.set(pod, file.fileName(), allowed.union(wanted).toString());
    }
  }

  private void narrow(CgroupTransaction changes, Path pod, CpusetFile file) throws CgroupOperationException {
    CpuSet union = CpuSet.empty();
    for (Path child : changes.children(pod)) {
      CpuSet ids = ids(changes, child, file);
      if (allowsAll(ids)) {
        return;
      }
      union = union.union(ids);
    }
    changes.set(pod, file.fileName(), union.toString());
  }

  private boolean allowsAll(CpuSet ids) {
    return ids.isEmpty() && version.emptyAllowsAll();
  }

  private static CpuSet ids(CgroupTransaction changes, Path dir, CpusetFile file) throws CgroupOperationException {
    String text = changes.read(dir, file.fileName());
    try {
      return CpuSet.parse(text);
    } catch (CpuListFormatException notAList) {
      throw new CgroupOperationException("cgroup " + dir + ": " + file.fileName() + " holds \"" + text
          + "\", not a list of ids", notAList);
    }
  }
}
