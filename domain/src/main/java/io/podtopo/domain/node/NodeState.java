package io.podtopo.domain.node;

import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.devicemanager.DeviceManagerState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.Collections;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import org.immutables.value.Value;

/**
 * The whole allocation state of a node's resource managers: the CPU Manager's state (default CPU
 * set, container entries, pod bubbles), the Memory Manager's state (machine state, container and
 * pod blocks), the Device Manager's state (the devices each container holds) and the hint the
 * Topology Manager stored for each container (pod uid → container name → hint) with the containers it
 * saw start. Immutable: every operation of {@link NodeResourceManagers} returns a new state.
 *
 * <p>Under CPU policy {@code none} or Memory policy {@code None} the respective state stays empty.
 */
@Value.Immutable
public abstract class NodeState {

  @Value.Default
  public CpuManagerState cpu() {
    return CpuManagerState.empty();
  }

  @Value.Default
  public MemoryManagerState memory() {
    return MemoryManagerState.empty();
  }

  /** The devices each container holds; empty on a machine without devices. */
  @Value.Default
  public DeviceManagerState devices() {
    return DeviceManagerState.empty();
  }

  /** Upstream {@code podTopologyHints}: pod uid → container name → the hint stored at admission. */
  @Value.Default
  public TrackedSortedMap<String, SortedMap<String, TopologyHint>> topologyHints() {
    return TrackedSortedMap.empty();
  }

  /**
   * Upstream scope's {@code podMap}: pod uid → the containers the Topology Manager saw start
   * ({@code AddContainer} from {@code PreStartContainer}, {@link NodeResourceManagers#startContainers})
   * since the managers last started, and not stopped since. Kubelet v1.37 drops a container's stored
   * hint only when such a container stops (quirk {@code Q-stale-topology-hints}); like the hints it is
   * kept only in memory, so {@link NodeResourceManagers#start} empties it.
   */
  @Value.Default
  public TrackedSortedMap<String, SortedSet<String>> startedContainers() {
    return TrackedSortedMap.empty();
  }

  /** Whether the Topology Manager saw this container start since the managers last started. */
  public boolean started(String podUid, String containerName) {
    return startedContainers().getOrDefault(podUid, Collections.emptySortedSet()).contains(containerName);
  }

  /** The hint stored for a container, if its pod was admitted with hints. */
  public Optional<TopologyHint> topologyHint(String podUid, String containerName) {
    return Optional.ofNullable(topologyHints().getOrDefault(podUid, Collections.emptySortedMap()).get(containerName));
  }

  /** The empty state: nothing started, nothing allocated. */
  public static NodeState empty() {
    return new Builder().build();
  }

  /** Builder: {@code new NodeState.Builder().cpu(cpuState).memory(memoryState).build()}. */
  public static class Builder extends ImmutableNodeState.Builder {}
}
