package io.podtopo.domain.cpumanager;

import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.topology.CpuSet;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The CPU Manager state (upstream {@code state.State}), immutable: the default CPU set (the node
 * shared pool), the container entries {@code podUID -> container -> CPUs} and the pod entries
 * {@code podUID -> bubble} of pod-level (KEP-5526) pods.
 *
 * <p>It also carries the policy's transient {@code cpusToReuse}: the CPUs of the standard init
 * containers of the one pod being admitted, which its later containers may reuse. Upstream keeps it
 * in the policy object, never in the checkpoint; it is part of this value so that every policy
 * operation stays a pure function of (policy, state, input).
 *
 * <p>All maps are sorted; every {@code with...} method returns a new state.
 */
public final class CpuManagerState {

  private static final CpuManagerState EMPTY =
      new CpuManagerState(CpuSet.empty(), TrackedSortedMap.empty(), TrackedSortedMap.empty(), null, CpuSet.empty());

  private final CpuSet defaultCpuSet;
  private final TrackedSortedMap<String, SortedMap<String, CpuSet>> entries;
  private final TrackedSortedMap<String, CpuSet> podEntries;
  private final String reusePodUid;
  private final CpuSet reusableCpus;

  private CpuManagerState(CpuSet defaultCpuSet, TrackedSortedMap<String, SortedMap<String, CpuSet>> entries,
      TrackedSortedMap<String, CpuSet> podEntries, String reusePodUid, CpuSet reusableCpus) {
    this.defaultCpuSet = defaultCpuSet;
    this.entries = entries;
    this.podEntries = podEntries;
    this.reusePodUid = reusePodUid;
    this.reusableCpus = reusableCpus;
  }

  /** The empty state: empty default set, no entries (what {@code Start} initialises). */
  public static CpuManagerState empty() {
    return EMPTY;
  }

  /** A state with these sets and entries (pods without container entries are left out) and nothing to reuse. */
  public static CpuManagerState of(CpuSet defaultCpuSet, Map<String, ? extends Map<String, CpuSet>> entries,
      Map<String, CpuSet> podEntries) {
    SortedMap<String, SortedMap<String, CpuSet>> copy = new TreeMap<>();
    entries.forEach((pod, containers) -> {
      if (!containers.isEmpty()) {
        copy.put(pod, Collections.unmodifiableSortedMap(new TreeMap<>(containers)));
      }
    });
    return new CpuManagerState(defaultCpuSet, TrackedSortedMap.copyOf(copy), TrackedSortedMap.copyOf(podEntries), null,
        CpuSet.empty());
  }

  /** The default CPU set: the node shared pool. */
  public CpuSet defaultCpuSet() {
    return defaultCpuSet;
  }

  /** Every container entry, by pod uid then container name. */
  public TrackedSortedMap<String, SortedMap<String, CpuSet>> entries() {
    return entries;
  }

  /** The pod bubbles of pod-level pods, by pod uid. */
  public TrackedSortedMap<String, CpuSet> podEntries() {
    return podEntries;
  }

  /** The container entries of one pod (empty when it has none). */
  public SortedMap<String, CpuSet> containerEntries(String podUid) {
    return entries.getOrDefault(podUid, Collections.emptySortedMap());
  }

  /** The CPUs of a container, if it has an entry. */
  public Optional<CpuSet> containerCpus(String podUid, String containerName) {
    return Optional.ofNullable(containerEntries(podUid).get(containerName));
  }

  /** The bubble of a pod-level pod, if it has one. */
  public Optional<CpuSet> podCpus(String podUid) {
    return Optional.ofNullable(podEntries.get(podUid));
  }

  /** The CPUs the pod's later containers may reuse (only for the pod being admitted). */
  public CpuSet reusableCpus(String podUid) {
    return podUid.equals(reusePodUid) ? reusableCpus : CpuSet.empty();
  }

  /** Union of every container entry. */
  public CpuSet assignedCpus() {
    CpuSet.Builder all = new CpuSet.Builder();
    entries.values().forEach(containers -> containers.values().forEach(all::addAll));
    return all.build();
  }

  public CpuManagerState withDefaultCpuSet(CpuSet cpus) {
    return new CpuManagerState(cpus, entries, podEntries, reusePodUid, reusableCpus);
  }

  /** The state with this container entry set (replacing any). */
  public CpuManagerState withContainer(String podUid, String containerName, CpuSet cpus) {
    SortedMap<String, CpuSet> containers = new TreeMap<>(containerEntries(podUid));
    containers.put(containerName, cpus);
    return new CpuManagerState(defaultCpuSet, entries.with(podUid, Collections.unmodifiableSortedMap(containers)),
        podEntries, reusePodUid, reusableCpus);
  }

  /** The state without this container entry (a pod without entries disappears from the map). */
  public CpuManagerState withoutContainer(String podUid, String containerName) {
    SortedMap<String, CpuSet> containers = new TreeMap<>(containerEntries(podUid));
    containers.remove(containerName);
    TrackedSortedMap<String, SortedMap<String, CpuSet>> next = containers.isEmpty() ? entries.without(podUid)
        : entries.with(podUid, Collections.unmodifiableSortedMap(containers));
    return new CpuManagerState(defaultCpuSet, next, podEntries, reusePodUid, reusableCpus);
  }

  /** The state with this pod bubble set. */
  public CpuManagerState withPodCpus(String podUid, CpuSet bubble) {
    return new CpuManagerState(defaultCpuSet, entries, podEntries.with(podUid, bubble), reusePodUid, reusableCpus);
  }

  /** Upstream {@code DeletePod}: the state without any entry of the pod. */
  public CpuManagerState withoutPod(String podUid) {
    return new CpuManagerState(defaultCpuSet, entries.without(podUid), podEntries.without(podUid), reusePodUid,
        reusableCpus);
  }

  /**
   * The pod's bubble released: its CPUs back in the default set and the pod's entries deleted
   * ({@link #withoutPod}, upstream {@code DeletePod}); the state unchanged when the pod has no
   * bubble. What the last container of a pod-level pod leaves behind it ({@code RemoveContainer}), and
   * the stale-state cleanup of a pod.
   */
  public CpuManagerState releasingBubble(String podUid) {
    Optional<CpuSet> bubble = podCpus(podUid);
    if (bubble.isEmpty()) {
      return this;
    }
    return withDefaultCpuSet(defaultCpuSet.union(bubble.get())).withoutPod(podUid);
  }

  /** The state whose reusable CPUs are {@code cpus} for {@code podUid} (entries of other pods dropped). */
  public CpuManagerState withReusableCpus(String podUid, CpuSet cpus) {
    return new CpuManagerState(defaultCpuSet, entries, podEntries, podUid, cpus);
  }

  /** The state with nothing to reuse: its checkpointed parts alone. */
  public CpuManagerState withoutReusableCpus() {
    return new CpuManagerState(defaultCpuSet, entries, podEntries, null, CpuSet.empty());
  }

  /** Equal when the checkpointed parts are equal (default set, entries, pod entries) and so is the reuse set. */
  @Override
  public boolean equals(Object other) {
    return other instanceof CpuManagerState that && defaultCpuSet.equals(that.defaultCpuSet)
        && entries.equals(that.entries) && podEntries.equals(that.podEntries)
        && Objects.equals(reusePodUid, that.reusePodUid) && reusableCpus.equals(that.reusableCpus);
  }

  @Override
  public int hashCode() {
    return Objects.hash(defaultCpuSet, entries, podEntries, reusePodUid, reusableCpus);
  }

  @Override
  public String toString() {
    return "CpuManagerState{default=" + defaultCpuSet + ", entries=" + entries + ", podEntries=" + podEntries
        + (reusePodUid == null ? "" : ", reuse " + reusePodUid + "=" + reusableCpus) + "}";
  }
}
