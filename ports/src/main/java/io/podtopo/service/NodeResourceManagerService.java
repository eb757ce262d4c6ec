package io.podtopo.service;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.RejectionCause;
import io.podtopo.domain.node.RejectionExplainer;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.in.ScenarioStep;
import io.podtopo.ports.in.StepOutcome;
import io.podtopo.ports.out.AdmissionResult;
import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriteException;
import io.podtopo.ports.out.CpusetWriter;
import io.podtopo.ports.out.MachineSource;
import io.podtopo.ports.out.MetricsRecorder;
import io.podtopo.ports.out.ResourceName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

/**
 * The {@link NodeResourceManager} of one node, on the domain's pure functions.
 *
 * <p><b>One writer, lock-free readers.</b> Admissions and removals hold one lock, so they apply one at
 * a time, each to the snapshot the previous one published. The current {@link NodeSnapshot} is
 * immutable and published through a volatile field: readers never lock and always see a whole one.
 *
 * <p><b>Save, publish, write.</b> A change is saved through the {@link AllocationStore} first; if the
 * save fails, nothing is published and no cgroup is written. Then the new snapshot is published, then
 * the {@link CpusetWriter} gets one batch holding, in pod and container order, every running container
 * whose cpuset differs from the last one this service wrote for it: the new pod's containers, and
 * node-shared-pool containers whose pool shrank or grew (the kubelet's reconcile loop). A batch that
 * failed was undone by the writer, so all of it is retried with the next change or {@link #reconcile}.
 * Then the cgroups of every pod the change released (no longer active) are removed
 * ({@link CpusetWriter#removePod}); a removal that failed (a cgroup still holding processes) is
 * tried again with the next change or {@link #reconcile}, until it succeeds or the pod is admitted
 * again.
 *
 * <p><b>Containers.</b> As the kubelet runs its managers (NA-20, NA-21): an admitted pod's
 * containers start ({@link NodeResourceManagers#startContainers}); a removed container keeps its
 * entries until its pod is no longer active (every init and app container removed, the pod removed,
 * or refused on re-admission), when the stale-state cleanup drops the pod.
 *
 * <p><b>Restart.</b> The service starts from the store's snapshot, its state checked by
 * {@link NodeResourceManagers#start} (the kubelet's {@code validateState}), which forgets the
 * Topology Manager's stored hints as a restarted kubelet does; re-admitting an active pod whose
 * allocation was restored changes no allocation but stores the pod's hints again (saved with the
 * snapshot). As a crash may fall between
 * a save and its writes, a restarted service has written no cgroup yet: {@link #reconcile} (or the
 * first change) writes every running container once.
 *
 * <p><b>Metrics.</b> Every admission is recorded with the time the domain's decision took, measured
 * around it alone (the kubelet times its Topology Manager's {@code Admit}, which holds the same
 * decision); saving and cgroup writes are not part of it. An admitted pod's admission and
 * allocation counters are recorded once its state is saved.
 */
public final class NodeResourceManagerService implements NodeResourceManager {

  private final NodeResourceManagers managers;
  private final RejectionExplainer explainer;
  private final ContainerCpusets cpusets;
  private final AllocationStore store;
  private final CpusetWriter writer;
  private final MetricsRecorder metrics;
  private final ReentrantLock writeLock = new ReentrantLock();
  private volatile NodeSnapshot current;
  /** The cpuset last written for each running container; guarded by {@link #writeLock}. */
  private final SortedMap<ContainerRef, CpusetWrite> applied = new TreeMap<>();
  /** The released pods whose cgroups are not removed yet; guarded by {@link #writeLock}. */
  private final SortedSet<String> released = new TreeSet<>();

  /**
   * A node on {@code machine} under {@code config}, starting from the store's saved snapshot (or the
   * initial state when nothing was saved).
   *
   * @throws io.podtopo.domain.node.InvalidNodeConfigException when the kubelet would not start with
   *     {@code config} on the machine
   * @throws io.podtopo.domain.node.InvalidNodeStateException when the saved state is refused
   * @throws io.podtopo.ports.out.AllocationStoreException when the store cannot be read
   */
  public NodeResourceManagerService(NodeConfig config, MachineSource machine, AllocationStore store,
      CpusetWriter writer, MetricsRecorder metrics) {
    NodeResourceManagers managers = NodeResourceManagers.create(config, machine.machine());
    this.managers = managers;
    this.explainer = new RejectionExplainer(managers);
    this.cpusets = new ContainerCpusets(managers);
    this.store = store;
    this.writer = writer;
    this.metrics = metrics;
    this.current = store.load()
        .map(saved -> new NodeSnapshot.Builder().from(saved).state(managers.start(saved.state())).build())
        .orElseGet(() -> NodeSnapshot.of(managers.initialState()));
  }

  @Override
  public Optional<RejectionCause> explainRejection(Pod pod, Admission admission) {
    return explainer.explain(pod, admission);
  }

  @Override
  public Admission admit(Pod pod) {
    writeLock.lock();
    try {
      NodeSnapshot before = current;
      StepOutcome admitted = take(before, ScenarioStep.admit(pod));
      Duration took = Duration.ofNanos(admitted.admissionNanos());
      Admission admission = admitted.admission().orElseThrow();
      if (!admission.admitted()) {
        // An active pod refused on re-admission is failed and dropped (NA-21); any other refusal changes
        // nothing: the service keeps no residue of a refused pod (only the domain's Admission#state() shows it).
        NodeSnapshot after = before.activePod(pod.uid()).isPresent() ? admitted.after() : before;
        commit(before, after, () -> metrics.recordAdmission(AdmissionResult.REJECTED, admission.reason(), took));
        return admission;
      }
      commit(before, admitted.after(), () -> {
        metrics.recordAdmission(AdmissionResult.ADMITTED, Optional.empty(), took);
        metrics.recordAllocations(ResourceName.CPU, AllocationCounts.cpu(before.state(), admission));
        metrics.recordAllocations(ResourceName.MEMORY, AllocationCounts.memory(before.state(), admission, pod));
      });
      return admission;
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public NodeSnapshot removeContainer(String podUid, String containerName) {
    writeLock.lock();
    try {
      NodeSnapshot before = current;
      return commit(before, take(before, ScenarioStep.removeContainer(podUid, containerName)).after(), () -> {});
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public NodeSnapshot removePod(String podUid) {
    writeLock.lock();
    try {
      NodeSnapshot before = current;
      return commit(before, take(before, ScenarioStep.removePod(podUid)).after(), () -> {});
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public List<CpusetWrite> reconcile() {
    writeLock.lock();
    try {
      return apply(current);
    } finally {
      writeLock.unlock();
    }
  }

  @Override
  public NodeSnapshot snapshot() {
    return current;
  }

  @Override
  public AllocatableResources allocatable() {
    return managers.allocatable(current.state());
  }

  @Override
  public PodResourcesView podResources() {
    NodeSnapshot snapshot = current;
    return managers.podResources(snapshot.state(), snapshot.activePods());
  }

  /** What {@code step} does to {@code before}: the step code the simulator's loop runs too ({@link NodeRun}). */
  private StepOutcome take(NodeSnapshot before, ScenarioStep step) {
    return NodeRun.at(managers, before).take(step);
  }

  /**
   * Saves {@code after}, publishes it, runs {@code saved}, writes the cpusets that changed and removes
   * the cgroups of the pods it released; a snapshot equal to {@code before} is neither saved nor
   * written. Called with the write lock held.
   */
  private NodeSnapshot commit(NodeSnapshot before, NodeSnapshot after, Runnable saved) {
    if (after.equals(before)) {
      saved.run();
      return before;
    }
    store.save(after);
    current = after;
    saved.run();
    Set<String> gone = uids(before);
    gone.removeAll(uids(after));
    released.addAll(gone);
    apply(after);
    return after;
  }

  /**
   * Writes, as one batch, every running container whose cpuset is not the one last written (after a
   * failed batch nothing of it counts as written), then removes the cgroups of the released pods that
   * are not active in {@code snapshot}. Called with the write lock held.
   */
  private List<CpusetWrite> apply(NodeSnapshot snapshot) {
    List<CpusetWrite> wanted = cpusets.wanted(snapshot);
    applied.keySet().retainAll(wanted.stream().map(NodeResourceManagerService::container).collect(Collectors.toSet()));
    released.removeAll(uids(snapshot));
    List<CpusetWrite> batch = wanted.stream().filter(write -> !write.equals(applied.get(container(write)))).toList();
    if (!batch.isEmpty()) {
      writer.apply(batch);
      batch.forEach(write -> applied.put(container(write), write));
    }
    removeReleasedCgroups();
    return batch;
  }

  /**
   * Removes the cgroups of every released pod, each pod tried even when another failed; the pods whose
   * removal failed stay released, for the next try.
   *
   * @throws CpusetWriteException the failures' messages, one after the other
   */
  private void removeReleasedCgroups() {
    List<String> failures = new ArrayList<>();
    for (String uid : List.copyOf(released)) {
      try {
        writer.removePod(uid);
        released.remove(uid);
      } catch (CpusetWriteException failure) {
        failures.add(failure.getMessage());
      }
    }
    if (!failures.isEmpty()) {
      throw new CpusetWriteException(String.join("; ", failures));
    }
  }

  private static Set<String> uids(NodeSnapshot snapshot) {
    return snapshot.activePods().stream().map(Pod::uid).collect(Collectors.toCollection(TreeSet::new));
  }

  private static ContainerRef container(CpusetWrite write) {
    return ContainerRef.of(write.podUid(), write.containerName());
  }
}
