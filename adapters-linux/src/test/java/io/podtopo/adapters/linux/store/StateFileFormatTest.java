package io.podtopo.adapters.linux.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryMachineState;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.memorymanager.NumaNodeState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The state file format (docs/guide/state-store.md, rules STORE-1 to STORE-3 of docs/spec): what a
 * snapshot becomes on disk and back.
 */
class StateFileFormatTest {

  private static final Path FILE = Path.of("state", StateDirectory.FILE_NAME);
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Over nodes run by the real managers (both scopes, either manager off at times, pod-level and
   * container-level pods, removals), every snapshot reads back equal and saves again to the same
   * bytes. The run must meet bubbles, pod memory, hugepage blocks, "any" hints, removed containers,
   * sidecars and ephemeral containers.
   */
  @Test
  void everySnapshotOfGeneratedNodesReadsBackEqualDevicesIncluded_invariant25_store1() throws Exception {
    Map<String, Integer> seen = new TreeMap<>();
    int checked = 0;
    for (long seed = 0; seed < 60; seed++) {
      for (NodeSnapshot snapshot : DomainSnapshots.sequence(seed, 25)) {
        byte[] bytes = StateFileFormat.write(snapshot).bytes();

        SavedState read = StateFileFormat.read(FILE, bytes);

        assertThat(read.snapshot()).as("seed %d", seed).isEqualTo(snapshot);
        assertThat(StateFileFormat.write(read.snapshot()).bytes()).as("seed %d", seed).isEqualTo(bytes);
        count(seen, snapshot);
        checked++;
      }
    }
    assertThat(checked).isEqualTo(60 * 25);
    assertThat(seen).containsOnlyKeys("cpu entry", "cpu pod entry", "memory container entry", "memory pod entry",
        "hugepages block", "multi-NUMA block", "hint without affinity", "hint with affinity", "removed container",
        "sidecar", "ephemeral container", "devices", "started container");
  }

  private static void count(Map<String, Integer> seen, NodeSnapshot snapshot) {
    NodeState state = snapshot.state();
    mark(seen, "cpu entry", !state.cpu().entries().isEmpty());
    mark(seen, "cpu pod entry", !state.cpu().podEntries().isEmpty());
    mark(seen, "memory container entry", !state.memory().containerEntries().isEmpty());
    mark(seen, "memory pod entry", !state.memory().podEntries().isEmpty());
    List<MemoryBlock> blocks = Stream.concat(state.memory().podEntries().values().stream(),
        state.memory().containerEntries().values().stream().flatMap(pod -> pod.values().stream()))
        .flatMap(List::stream).toList();
    mark(seen, "hugepages block", blocks.stream().anyMatch(block -> block.type().startsWith("hugepages-")));
    mark(seen, "multi-NUMA block", blocks.stream().anyMatch(block -> block.numaAffinity().size() > 1));
    List<TopologyHint> hints = state.topologyHints().values().stream().flatMap(pod -> pod.values().stream()).toList();
    mark(seen, "hint without affinity", hints.stream().anyMatch(hint -> hint.affinity().isEmpty()));
    mark(seen, "hint with affinity", hints.stream().anyMatch(hint -> hint.affinity().isPresent()));
    mark(seen, "removed container", !snapshot.removedContainers().isEmpty());
    mark(seen, "devices", !state.devices().isEmpty());
    mark(seen, "started container", !state.startedContainers().isEmpty());
    mark(seen, "sidecar", snapshot.activePods().stream()
        .anyMatch(pod -> pod.initContainers().stream().anyMatch(Container::restartable)));
    mark(seen, "ephemeral container",
        snapshot.activePods().stream().anyMatch(pod -> !pod.ephemeralContainers().isEmpty()));
  }

  private static void mark(Map<String, Integer> seen, String situation, boolean met) {
    if (met) {
      seen.merge(situation, 1, Integer::sum);
    }
  }

  /** Invariant 25, second half: a pod entry without container entries is kept as it is, not completed or dropped. */
  @Test
  void aPodEntryWithoutContainerEntriesIsSavedAsItIs_invariant25() throws Exception {
    NodeState state = new NodeState.Builder()
        .cpu(CpuManagerState.of(CpuSet.parse("0-3"), Map.of(), Map.of("crashed", CpuSet.parse("4-7"))))
        .memory(new MemoryManagerState.Builder().podEntries(TrackedSortedMap.<String, List<MemoryBlock>>empty()
            .with("crashed", List.of(MemoryBlock.of(NumaMask.of(0), "memory", 1L << 30)))).build())
        .build();
    NodeSnapshot snapshot = new NodeSnapshot.Builder().state(state).build();

    NodeSnapshot read = StateFileFormat.read(FILE, StateFileFormat.write(snapshot).bytes()).snapshot();

    assertThat(read).isEqualTo(snapshot);
    assertThat(read.state().cpu().entries()).isEmpty();
    assertThat(read.state().cpu().podCpus("crashed")).contains(CpuSet.parse("4-7"));
    assertThat(read.state().memory().containerEntries()).isEmpty();
    assertThat(read.state().memory().podBlocks("crashed")).isPresent();
  }

  @Test
  void equalSnapshotsGiveIdenticalBytesWhateverTheQuantitySpelling_store2() {
    NodeSnapshot oneSpelling = new NodeSnapshot.Builder().state(NodeState.empty())
        .addActivePod(pod("1", "1024Mi")).build();
    NodeSnapshot otherSpelling = new NodeSnapshot.Builder().state(NodeState.empty())
        .addActivePod(pod("1000m", "1Gi")).build();

    assertThat(oneSpelling).isEqualTo(otherSpelling);
    assertThat(StateFileFormat.write(oneSpelling).bytes()).isEqualTo(StateFileFormat.write(otherSpelling).bytes());
    assertThat(DomainSnapshots.sequence(7, 20)).zipSatisfy(DomainSnapshots.sequence(7, 20),
        (one, other) -> assertThat(StateFileFormat.write(one).bytes()).isEqualTo(StateFileFormat.write(other).bytes()));
  }

  private static Pod pod(String cpu, String memory) {
    return new Pod.Builder().uid("p").addContainer(new Container.Builder().name("c")
        .putRequest("cpu", Quantity.parse(cpu)).putRequest("memory", Quantity.parse(memory)).build()).build();
  }

  /** The file is the documented envelope, and its checksum is the SHA-256 of the compact, sorted data. */
  @Test
  void theChecksumCoversTheCompactSortedData_store3() throws Exception {
    NodeSnapshot snapshot = DomainSnapshots.sequence(3, 12).get(11);
    JsonNode file = JSON.readTree(StateFileFormat.write(snapshot).bytes());

    assertThat(file.fieldNames()).toIterable().containsExactly("format", "version", "checksum", "data");
    assertThat(file.get("format").textValue()).isEqualTo("podtopo-node-state");
    assertThat(file.get("version").intValue()).isEqualTo(1);
    String compact = JSON.writeValueAsString(sorted(file.get("data")));
    String sha256 = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
        .digest(compact.getBytes(StandardCharsets.UTF_8)));
    assertThat(file.get("checksum").textValue()).isEqualTo("sha256:" + sha256);
  }

  /** An independent canonical form: Jackson's own compact writer over a copy with members sorted. */
  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      ObjectNode copy = JSON.createObjectNode();
      List<String> names = new ArrayList<>();
      node.fieldNames().forEachRemaining(names::add);
      Collections.sort(names);
      names.forEach(name -> copy.set(name, sorted(node.get(name))));
      return copy;
    }
    if (node.isArray()) {
      var copy = JSON.createArrayNode();
      node.forEach(element -> copy.add(sorted(element)));
      return copy;
    }
    return node;
  }

  /** Version 1 is a published format: this file, written once by hand-checked code, reads and writes unchanged. */
  @Test
  void theVersion1ReferenceFileReadsAndWritesUnchanged_store2() throws Exception {
    byte[] reference;
    try (InputStream in = getClass().getResourceAsStream("node-state-v1.json")) {
      reference = in.readAllBytes();
    }

    NodeSnapshot read = StateFileFormat.read(FILE, reference).snapshot();

    assertThat(read).isEqualTo(referenceSnapshot());
    assertThat(new String(StateFileFormat.write(read).bytes(), StandardCharsets.UTF_8))
        .isEqualTo(new String(reference, StandardCharsets.UTF_8));
  }

  /** Every kind of value once: the snapshot of {@code node-state-v1.json}. */
  static NodeSnapshot referenceSnapshot() {
    Pod web = new Pod.Builder().uid("web-uid").name("web").namespace("shop")
        .putPodRequest("cpu", Quantity.parse("4")).putPodLimit("cpu", Quantity.parse("4"))
        .putPodRequest("memory", Quantity.parse("4Gi")).putPodLimit("memory", Quantity.parse("4Gi"))
        .addInitContainer(new Container.Builder().name("proxy").restartable(true).build())
        .addContainer(new Container.Builder().name("app")
            .putRequest("cpu", Quantity.parse("2")).putLimit("cpu", Quantity.parse("2"))
            .putRequest("memory", Quantity.parse("2Gi")).putLimit("memory", Quantity.parse("2Gi")).build())
        .addEphemeralContainer(Container.named("debug"))
        .build();
    Pod batch = new Pod.Builder().uid("batch-uid")
        .addContainer(new Container.Builder().name("work").putRequest("cpu", Quantity.parse("250m")).build())
        .build();
    long gi = 1L << 30;
    MemoryManagerState memory = new MemoryManagerState.Builder()
        .machineState(new MemoryMachineState.Builder()
            .putNode(0, new NumaNodeState.Builder().numberOfAssignments(2)
                .putMemoryMap("memory", MemoryTable.of(16 * gi, gi, 15 * gi, 4 * gi, 11 * gi))
                .addCell(0).build())
            .putNode(1, new NumaNodeState.Builder().numberOfAssignments(0)
                .putMemoryMap("memory", MemoryTable.unused(16 * gi, gi, 15 * gi))
                .addCell(1).build())
            .build())
        .containerEntries(TrackedSortedMap.copyOf(Map.of("web-uid", new TreeMap<>(Map.of(
            "app", List.of(MemoryBlock.of(NumaMask.of(0), "memory", 2 * gi)),
            "proxy", List.of(MemoryBlock.of(NumaMask.of(0), "memory", 2 * gi)))))))
        .podEntries(TrackedSortedMap.copyOf(Map.of("web-uid", List.of(MemoryBlock.of(NumaMask.of(0), "memory", 4 * gi)))))
        .build();
    NodeState state = new NodeState.Builder()
        .cpu(CpuManagerState.of(CpuSet.parse("0,4-15"),
            Map.of("web-uid", Map.of("app", CpuSet.parse("1-2"), "proxy", CpuSet.parse("3"))),
            Map.of("web-uid", CpuSet.parse("1-3"))))
        .memory(memory)
        .topologyHints(TrackedSortedMap.copyOf(Map.of("web-uid", new TreeMap<>(Map.of(
            "app", TopologyHint.of(NumaMask.of(0), true), "proxy", TopologyHint.any(false))))))
        .build();
    return new NodeSnapshot.Builder().state(state).addActivePods(web, batch)
        .addRemovedContainer(ContainerRef.of("web-uid", "debug")).build();
  }

  @Test
  void readingIsIndependentOfMemberOrderInsideData_store3() throws IOException, StateFileFormat.Refusal {
    NodeSnapshot snapshot = referenceSnapshot();
    ObjectNode file = (ObjectNode) JSON.readTree(StateFileFormat.write(snapshot).bytes());
    ObjectNode data = (ObjectNode) file.get("data");
    ObjectNode reversed = JSON.createObjectNode();
    reversed.set("state", data.get("state"));
    reversed.set("removedContainers", data.get("removedContainers"));
    reversed.set("activePods", data.get("activePods"));
    file.set("data", reversed);

    assertThat(StateFileFormat.read(FILE, JSON.writeValueAsBytes(file)).snapshot()).isEqualTo(snapshot);
  }
}
