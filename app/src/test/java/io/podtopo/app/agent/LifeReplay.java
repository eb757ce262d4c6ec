package io.podtopo.app.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.service.NodeResourceManagerService;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One life of a killed agent, replayed in this JVM: a node over the fake adapters restored from the
 * state the life started from, to which every change the life logged is made again, in its order.
 * What the replay gives is what the agent's files must show:
 *
 * <ul>
 *   <li><b>The saved state is the old one or the new one.</b> The agent saves every change before
 *       it writes cgroups and logs it, one change at a time, so after a kill its state file holds the
 *       state after its last logged change, or after one more change (saved, not yet logged): a pod
 *       of the folder admitted, or a pod whose file is gone removed. {@link #settle} checks the file
 *       is exactly one of these two, snapshot for snapshot (CPU sets, memory tables, the pods),
 *       never anything between or beyond.</li>
 *   <li><b>The same decisions.</b> The managers are deterministic: a pod logged {@code admitted} is
 *       admitted by the replay too, one logged {@code rejected} rejected with the same reason, one
 *       logged {@code restored} is in the replay's state.</li>
 *   <li><b>The cpusets on disk.</b> The replay's node writes to a recording writer what the agent
 *       wrote to its cgroups: after its restart (every running container) and after each change.
 *       {@link #cgroupValues} says what each container's files may hold.</li>
 *   <li><b>PodResources.</b> The agent serves only saved states, so any {@code List} answer the life
 *       gave is the view of one of the states the replay went through ({@link #views}).</li>
 * </ul>
 */
final class LifeReplay {

  private final NodeSnapshot start;
  private final Map<String, Pod> pods;
  private final RecordingCpusetWriter writes = new RecordingCpusetWriter();
  private final NodeResourceManager node;
  private final List<PodResourcesView> views = new ArrayList<>();
  private final List<String> changes = new ArrayList<>();
  private SortedMap<ContainerRef, CpusetWrite> logged = new TreeMap<>();
  private SortedMap<ContainerRef, CpusetWrite> unlogged = new TreeMap<>();
  private boolean unloggedChange;

  /**
   * The replay of a life that started from the saved state {@code start}.
   *
   * @param pods every pod the folder may hold, by uid, as the agent reads them
   */
  LifeReplay(NodeConfig config, Machine machine, NodeSnapshot start, Map<String, Pod> pods) {
    this.start = start;
    this.pods = pods;
    this.node = new NodeResourceManagerService(config, CatalogMachineSource.of(machine),
        InMemoryAllocationStore.holding(start), writes, new InMemoryMetricsRecorder());
    node.reconcile();
    views.add(node.podResources());
  }

  /**
   * Makes the change of one line of the life's log again, if it is one; fails when the replay
   * decides otherwise than the agent logged.
   */
  void replay(JsonNode line) {
    String uid = line.path("uid").asText();
    switch (line.get("event").asText()) {
      case "admitted" -> {
        Admission admission = node.admit(pod(uid));
        if (!admission.admitted()) {
          throw new AssertionError("the agent admitted " + uid + ", the replay rejects it: " + admission.reason()
              + " " + admission.message());
        }
        changed("admitted " + uid);
      }
      case "rejected" -> {
        Admission admission = node.admit(pod(uid));
        String reason = line.path("reason").asText();
        if (admission.admitted() || !admission.reason().orElse("").equals(reason)) {
          throw new AssertionError("the agent rejected " + uid + " (" + reason + "), the replay "
              + (admission.admitted() ? "admits it" : "rejects it for " + admission.reason().orElse("")));
        }
      }
      case "restored" -> {
        if (node.snapshot().activePod(uid).isEmpty()) {
          throw new AssertionError("the agent restored " + uid + ", which the state it started from does not hold");
        }
      }
      case "removed" -> {
        node.removePod(uid);
        changed("removed " + uid);
      }
      default -> {
      }
    }
  }

  /**
   * Checks the state file the life left, {@code saved}: exactly the state after the last logged
   * change, or after one more change (a pod whose file is there admitted, a pod whose file is gone
   * removed).
   *
   * @param present the uids of the pods whose files are in the folder at the kill
   * @throws AssertionError when it is neither
   */
  void settle(NodeSnapshot saved, Set<String> present) {
    logged = currentCpusets();
    NodeSnapshot last = changes.isEmpty() ? start : node.snapshot();
    if (saved.equals(last)) {
      return;
    }
    Set<String> before = uids(node.snapshot());
    Set<String> after = uids(saved);
    Set<String> added = new LinkedHashSet<>(after);
    added.removeAll(before);
    Set<String> removed = new LinkedHashSet<>(before);
    removed.removeAll(after);
    if (added.size() + removed.size() != 1) {
      throw new AssertionError("the saved state is neither the state after the last logged change nor one change"
          + " further: pods added " + added + ", removed " + removed + " since " + changes);
    }
    if (!added.isEmpty()) {
      String uid = added.iterator().next();
      if (!present.contains(uid) || !node.admit(pod(uid)).admitted()) {
        throw new AssertionError("the saved state holds pod " + uid + ", which the replay does not admit (its file "
            + (present.contains(uid) ? "is there" : "is gone") + ")");
      }
      changed("admitted " + uid + " (not logged)");
    } else {
      String uid = removed.iterator().next();
      if (present.contains(uid)) {
        throw new AssertionError("the saved state lacks pod " + uid + ", whose file is still there");
      }
      node.removePod(uid);
      changed("removed " + uid + " (not logged)");
    }
    if (!saved.equals(node.snapshot())) {
      throw new AssertionError("the saved state is one pod further than the last logged change but not the state"
          + " that change gives: saved " + saved + ", replayed " + node.snapshot());
    }
    unloggedChange = true;
    unlogged = currentCpusets();
  }

  /** Whether the state file holds a change the life did not log (known once {@link #settle} ran). */
  boolean unloggedChange() {
    return unloggedChange;
  }

  /** The PodResources views of every state the life went through, the one it started from first. */
  List<PodResourcesView> views() {
    return List.copyOf(views);
  }

  /**
   * The values each container's cgroup may hold after the kill of a life that logged {@code started}
   * (every cpuset of its state written again), by container, empty standing for no cgroup: those of
   * every container running after the last logged change, and, where the unlogged change rewrote one,
   * that value too (the kill may have fallen in the middle of its writes), or, where it released the
   * container's pod, no cgroup (its removal may have begun). The containers a pod admitted by an
   * unlogged change has are not listed: their writes may not have begun.
   */
  Map<ContainerRef, Set<Optional<CpusetWrite>>> cgroupValues() {
    Map<ContainerRef, Set<Optional<CpusetWrite>>> values = new TreeMap<>();
    logged.forEach((container, write) -> {
      Set<Optional<CpusetWrite>> allowed = new HashSet<>();
      allowed.add(Optional.of(write));
      if (unloggedChange) {
        allowed.add(Optional.ofNullable(unlogged.get(container)));
      }
      values.put(container, allowed);
    });
    return values;
  }

  private SortedMap<ContainerRef, CpusetWrite> currentCpusets() {
    SortedMap<ContainerRef, CpusetWrite> current = new TreeMap<>();
    for (ContainerRef container : node.snapshot().runningContainers()) {
      writes.current(container.podUid(), container.containerName()).ifPresent(write -> current.put(container, write));
    }
    return current;
  }

  private void changed(String change) {
    changes.add(change);
    views.add(node.podResources());
  }

  private Pod pod(String uid) {
    Pod pod = pods.get(uid);
    if (pod == null) {
      throw new AssertionError("pod " + uid + " is not one of the test's");
    }
    return pod;
  }

  private static Set<String> uids(NodeSnapshot snapshot) {
    Set<String> uids = new HashSet<>();
    snapshot.activePods().forEach(pod -> uids.add(pod.uid()));
    return uids;
  }
}
