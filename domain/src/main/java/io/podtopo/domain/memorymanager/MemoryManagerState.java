package io.podtopo.domain.memorymanager;

import io.podtopo.domain.collect.TrackedSortedMap;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * Everything the Memory Manager remembers, upstream {@code state.State}: the machine state, the
 * container entries (pod uid → container name → blocks) and, with KEP-5526, the pod entries (pod
 * uid → blocks of the whole pod budget). Pod-scope shared containers have container entries too
 * (the pod shared pool blocks): an entry does not mean exclusive memory.
 *
 * <p>Absent and empty differ, as upstream's nil and empty slices do: a container whose entry is an
 * empty list counts as allocated.
 */
@Value.Immutable
public abstract class MemoryManagerState {

  private static final MemoryManagerState EMPTY = new Builder().build();

  @Value.Default
  public MemoryMachineState machineState() {
    return MemoryMachineState.empty();
  }

  /** Container entries: pod uid → container name → blocks. */
  @Value.Default
  public TrackedSortedMap<String, SortedMap<String, List<MemoryBlock>>> containerEntries() {
    return TrackedSortedMap.empty();
  }

  /** Pod entries: pod uid → the blocks of the pod budget. */
  @Value.Default
  public TrackedSortedMap<String, List<MemoryBlock>> podEntries() {
    return TrackedSortedMap.empty();
  }

  /** Reusable init-container memory of the pod being admitted (not checkpointed). */
  @Value.Default
  @Value.Auxiliary
  public ReusableInitMemory reusableInitMemory() {
    return ReusableInitMemory.none();
  }

  /** The empty state: no machine state, no entries. */
  public static MemoryManagerState empty() {
    return EMPTY;
  }

  /** Upstream {@code GetMemoryBlocks}: empty when the container has no entry. */
  public Optional<List<MemoryBlock>> containerBlocks(String podUid, String containerName) {
    SortedMap<String, List<MemoryBlock>> containers = containerEntries().get(podUid);
    return containers == null ? Optional.empty() : Optional.ofNullable(containers.get(containerName));
  }

  /** Upstream {@code GetPodMemoryBlocks}: empty when the pod has no pod entry. */
  public Optional<List<MemoryBlock>> podBlocks(String podUid) {
    return Optional.ofNullable(podEntries().get(podUid));
  }

  /** The container entries of one pod (empty map when none). */
  public SortedMap<String, List<MemoryBlock>> containersOf(String podUid) {
    return containerEntries().getOrDefault(podUid, Collections.emptySortedMap());
  }

  /** Upstream {@code SetMemoryBlocks}. */
  public MemoryManagerState withContainerBlocks(String podUid, String containerName, List<MemoryBlock> blocks) {
    SortedMap<String, List<MemoryBlock>> containers = new TreeMap<>(containersOf(podUid));
    containers.put(containerName, List.copyOf(blocks));
    return withPodContainers(podUid, containers);
  }

  /** Upstream {@code Delete(pod, container)}: the pod's map goes when its last container goes. */
  public MemoryManagerState withoutContainer(String podUid, String containerName) {
    SortedMap<String, List<MemoryBlock>> containers = new TreeMap<>(containersOf(podUid));
    containers.remove(containerName);
    return withPodContainers(podUid, containers);
  }

  /** Upstream {@code SetPodMemoryBlocks}. */
  public MemoryManagerState withPodBlocks(String podUid, List<MemoryBlock> blocks) {
    return new Builder().from(this).podEntries(podEntries().with(podUid, List.copyOf(blocks))).build();
  }

  /** Upstream {@code DeletePod}: the pod's container entries and pod entry. */
  public MemoryManagerState withoutPod(String podUid) {
    return new Builder().from(this).containerEntries(containerEntries().without(podUid))
        .podEntries(podEntries().without(podUid)).build();
  }

  private MemoryManagerState withPodContainers(String podUid, SortedMap<String, List<MemoryBlock>> containers) {
    TrackedSortedMap<String, SortedMap<String, List<MemoryBlock>>> entries = containers.isEmpty()
        ? containerEntries().without(podUid)
        : containerEntries().with(podUid, Collections.unmodifiableSortedMap(containers));
    return new Builder().from(this).containerEntries(entries).build();
  }

  /** Builder: {@code new MemoryManagerState.Builder().machineState(m)...build()}. */
  public static class Builder extends ImmutableMemoryManagerState.Builder {}
}
