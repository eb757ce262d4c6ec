package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeSnapshot;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A snapshot's {@code data} ({@link SnapshotJson}) cut into parts, each a JSON value under a key, so
 * that a change is saved as the parts it changed ({@link JournalRecord}): one part per pod in each
 * per-pod map of the state, plus the default CPU set and the Memory Manager's machine state.
 *
 * <pre>
 * /state/cpu/defaultCpuSet                   "0-3"
 * /state/cpu/entries/UID                     {container: cpulist}
 * /state/cpu/podEntries/UID                  cpulist
 * /state/memory/machineState                 [node]
 * /state/memory/containerEntries/UID         {container: [block]}
 * /state/memory/podEntries/UID               [block]
 * /state/topologyHints/UID                   {container: hint}
 * /state/devices/UID                         {container: {resource: [id]}}    (the member is absent when no part)
 * /state/startedContainers/UID               [container]                      (likewise)
 * /removedContainers/UID                     [container]                      (the file's array of {pod, container})
 * /activePods/UID                            {"order": n, "pod": pod}         (the file's array, in order of n)
 * </pre>
 *
 * <p>A key is a JSON pointer into {@code data} (the uid escaped as RFC 6901 says), except for the
 * last two, which the file holds as arrays. {@link #flatten} and {@link #unflatten} turn a file's
 * {@code data} into parts and back; {@link #changes} finds the parts one snapshot changed from the
 * previous, comparing the domain's values and encoding only the changed ones: in a per-pod map the
 * domain derived from the previous one, only the pods it changed ({@link TrackedSortedMap#changedKeys}).
 */
final class StateParts {

  static final String DEFAULT_CPU_SET = "/state/cpu/defaultCpuSet";
  static final String MACHINE_STATE = "/state/memory/machineState";
  static final String REMOVED_CONTAINERS = "/removedContainers";
  static final String ACTIVE_PODS = "/activePods";

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  /**
   * A per-pod map of the state: where it is, the domain value that holds it (the same value in two
   * snapshots: the map is unchanged), and how one pod's value is read and written.
   */
  private record PodMap<V>(String pointer, Function<NodeSnapshot, Object> holder,
      Function<NodeSnapshot, SortedMap<String, V>> values, Function<V, JsonNode> encoder) {

    /**
     * The pods whose values differ: when one map was derived from the other ({@link TrackedSortedMap}),
     * only the uids the derivations changed are compared; otherwise both maps are walked.
     */
    void changes(NodeSnapshot before, NodeSnapshot after, Changes changes) {
      if (holder.apply(before) == holder.apply(after)) {
        return;
      }
      SortedMap<String, V> old = values.apply(before);
      SortedMap<String, V> now = values.apply(after);
      Optional<SortedSet<String>> changed = old instanceof TrackedSortedMap<String, V> was
          && now instanceof TrackedSortedMap<String, V> is ? TrackedSortedMap.changedKeys(was, is) : Optional.empty();
      if (changed.isPresent()) {
        for (String uid : changed.get()) {
          change(uid, old.get(uid), now.get(uid), changes);
        }
      } else {
        walk(old, now, changes);
      }
    }

    /** The pod's part set, or removed, when its value differs (null: the pod has none). */
    private void change(String uid, V was, V is, Changes changes) {
      if (is == null) {
        if (was != null) {
          changes.remove.add(pointer + "/" + escape(uid));
        }
      } else if (!is.equals(was)) {
        changes.set.put(pointer + "/" + escape(uid), encoder.apply(is));
      }
    }

    /** Walks both maps in uid order at once: one step a pod, a value compared by reference first. */
    private void walk(SortedMap<String, V> old, SortedMap<String, V> now, Changes changes) {
      // Keys and values side by side: an unmodifiable map's entries would each be wrapped anew.
      Iterator<String> wasKeys = old.keySet().iterator();
      Iterator<V> wasValues = old.values().iterator();
      Iterator<String> isKeys = now.keySet().iterator();
      Iterator<V> isValues = now.values().iterator();
      String a = wasKeys.hasNext() ? wasKeys.next() : null;
      String b = isKeys.hasNext() ? isKeys.next() : null;
      V aValue = a == null ? null : wasValues.next();
      V bValue = b == null ? null : isValues.next();
      while (a != null || b != null) {
        int order = a == null ? 1 : b == null ? -1 : a.compareTo(b);
        if (order < 0) {
          changes.remove.add(pointer + "/" + escape(a));
        } else if (order > 0 || !Objects.equals(aValue, bValue)) {
          changes.set.put(pointer + "/" + escape(b), encoder.apply(bValue));
        }
        if (order <= 0) {
          a = wasKeys.hasNext() ? wasKeys.next() : null;
          aValue = a == null ? null : wasValues.next();
        }
        if (order >= 0) {
          b = isKeys.hasNext() ? isKeys.next() : null;
          bValue = b == null ? null : isValues.next();
        }
      }
    }
  }

  private static final List<PodMap<?>> POD_MAPS = List.of(
      new PodMap<>("/state/cpu/entries", s -> s.state().cpu(), s -> s.state().cpu().entries(),
          NodeStateJson::containerCpus),
      new PodMap<>("/state/cpu/podEntries", s -> s.state().cpu(), s -> s.state().cpu().podEntries(),
          cpus -> TextNode.valueOf(cpus.toString())),
      new PodMap<>("/state/memory/containerEntries", s -> s.state().memory(), s -> s.state().memory().containerEntries(),
          SavedMemoryJson::containerBlocks),
      new PodMap<>("/state/memory/podEntries", s -> s.state().memory(), s -> s.state().memory().podEntries(),
          SavedMemoryJson::blocks),
      new PodMap<>("/state/topologyHints", s -> s.state().topologyHints(), s -> s.state().topologyHints(),
          NodeStateJson::podHints),
      new PodMap<>("/state/devices", s -> s.state().devices(), s -> s.state().devices().allocations(),
          NodeStateJson::podDevices),
      new PodMap<>("/state/startedContainers", s -> s.state().startedContainers(), s -> s.state().startedContainers(),
          NodeStateJson::names),
      new PodMap<>(REMOVED_CONTAINERS, NodeSnapshot::removedContainers, StateParts::removedByPod,
          NodeStateJson::names));

  private StateParts() {}

  /** The parts one change sets (key → value) and removes; keys in order. */
  static final class Changes {
    final SortedMap<String, JsonNode> set = new TreeMap<>();
    final SortedSet<String> remove = new TreeSet<>();

    boolean isEmpty() {
      return set.isEmpty() && remove.isEmpty();
    }
  }

  /**
   * The parts {@code after} changed from {@code before}; {@code order} holds each active pod's order
   * number in {@code before} and is updated to {@code after} (a pod that became active gets
   * {@code order.next()}). Empty when the pods' order cannot be told by order numbers (an active pod
   * moved: the domain never does that, but then the whole snapshot is saved).
   */
  static Optional<Changes> changes(NodeSnapshot before, NodeSnapshot after, PodOrder order) {
    Changes changes = new Changes();
    if (!before.state().cpu().defaultCpuSet().equals(after.state().cpu().defaultCpuSet())) {
      changes.set.put(DEFAULT_CPU_SET, TextNode.valueOf(after.state().cpu().defaultCpuSet().toString()));
    }
    if (!before.state().memory().machineState().equals(after.state().memory().machineState())) {
      changes.set.put(MACHINE_STATE, SavedMemoryJson.machineState(after.state().memory().machineState()));
    }
    for (PodMap<?> map : POD_MAPS) {
      map.changes(before, after, changes);
    }
    return activePods(before.activePods(), after.activePods(), order, changes) ? Optional.of(changes) : Optional.empty();
  }

  /**
   * The active pods' parts, walking both lists at once: the domain keeps an active pod in its place,
   * replaces a re-admitted one in place and adds a new one at the end, so a pod of {@code before}
   * that is not next in {@code after} was removed, and what is left of {@code after} is new. A pod
   * taken for removed that then shows up again (it was moved), or a new pod followed by one that was
   * there before, makes the change one not told in parts. The pods at the head and the tail of both
   * lists that are the same pods in the same places are not walked: they keep their parts and numbers.
   */
  private static boolean activePods(List<Pod> before, List<Pod> after, PodOrder order, Changes changes) {
    if (before == after) {
      return true;
    }
    int shortest = Math.min(before.size(), after.size());
    int head = 0;
    while (head < shortest && before.get(head) == after.get(head)) {
      head++;
    }
    int tail = 0;
    while (tail < shortest - head && before.get(before.size() - 1 - tail) == after.get(after.size() - 1 - tail)) {
      tail++;
    }
    int end = before.size() - tail;
    long[] numbers = new long[after.size() - tail - head];
    long next = order.next();
    Set<String> removed = new HashSet<>();
    int i = head;
    for (int j = head; j < after.size() - tail; j++) {
      Pod pod = after.get(j);
      while (i < end && !before.get(i).uid().equals(pod.uid())) {
        removed.add(before.get(i).uid());
        changes.remove.add(ACTIVE_PODS + "/" + escape(before.get(i++).uid()));
      }
      if (i < end) {
        numbers[j - head] = order.at(i);
        if (!pod.equals(before.get(i++))) {
          changes.set.put(ACTIVE_PODS + "/" + escape(pod.uid()), activePod(numbers[j - head], pod));
        }
      } else if (removed.contains(pod.uid()) || tail > 0) {
        return false;
      } else {
        numbers[j - head] = next++;
        changes.set.put(ACTIVE_PODS + "/" + escape(pod.uid()), activePod(numbers[j - head], pod));
      }
    }
    for (; i < end; i++) {
      changes.remove.add(ACTIVE_PODS + "/" + escape(before.get(i).uid()));
    }
    order.replace(head, numbers, tail, next);
    return true;
  }

  private static ObjectNode activePod(long order, Pod pod) {
    ObjectNode part = JSON.objectNode();
    part.put("order", order);
    part.set("pod", SavedPodJson.encode(pod));
    return part;
  }

  private static SortedMap<String, SortedSet<String>> removedByPod(NodeSnapshot snapshot) {
    SortedMap<String, SortedSet<String>> byPod = new TreeMap<>();
    for (ContainerRef ref : snapshot.removedContainers()) {
      byPod.computeIfAbsent(ref.podUid(), uid -> new TreeSet<>()).add(ref.containerName());
    }
    return byPod;
  }

  /**
   * The parts of a file's {@code data} (one {@link SnapshotJson#decode} accepted), each active pod
   * numbered by its place in the array.
   */
  static SortedMap<String, JsonNode> flatten(JsonNode data) {
    SortedMap<String, JsonNode> parts = new TreeMap<>();
    parts.put(DEFAULT_CPU_SET, data.at(DEFAULT_CPU_SET));
    parts.put(MACHINE_STATE, data.at(MACHINE_STATE));
    for (PodMap<?> map : POD_MAPS) {
      if (map.pointer().equals(REMOVED_CONTAINERS)) {
        continue;
      }
      JsonNode pods = data.at(map.pointer());
      pods.fields().forEachRemaining(pod -> parts.put(map.pointer() + "/" + escape(pod.getKey()), pod.getValue()));
    }
    SortedMap<String, ArrayNode> removed = new TreeMap<>();
    for (DataNode ref : DataNode.at(data.get("removedContainers"), REMOVED_CONTAINERS).elements()) {
      ref.object("pod", "container");
      removed.computeIfAbsent(REMOVED_CONTAINERS + "/" + escape(ref.get("pod").text()), key -> JSON.arrayNode())
          .add(ref.get("container").text());
    }
    parts.putAll(removed);
    List<DataNode> pods = DataNode.at(data.get("activePods"), ACTIVE_PODS).elements();
    for (int i = 0; i < pods.size(); i++) {
      JsonNode pod = data.get("activePods").get(i);
      parts.put(ACTIVE_PODS + "/" + escape(pods.get(i).get("uid").text()), activePod(i, pod));
    }
    return parts;
  }

  private static ObjectNode activePod(long order, JsonNode pod) {
    ObjectNode part = JSON.objectNode();
    part.put("order", order);
    part.set("pod", pod);
    return part;
  }

  /**
   * The file's {@code data} the parts make: the per-pod maps as objects (the devices and started
   * containers left out when they have no pod), the removed containers and the active pods as arrays.
   *
   * @throws InvalidStateDataException naming the key of a part that does not belong to the data
   */
  static ObjectNode unflatten(SortedMap<String, JsonNode> parts) {
    ObjectNode data = JSON.objectNode();
    ObjectNode state = data.putObject("state");
    ObjectNode cpu = state.putObject("cpu");
    ObjectNode memory = state.putObject("memory");
    state.putObject("topologyHints");
    cpu.putObject("entries");
    cpu.putObject("podEntries");
    memory.putObject("containerEntries");
    memory.putObject("podEntries");
    SortedMap<Long, JsonNode> pods = new TreeMap<>();
    ArrayNode removed = JSON.arrayNode();
    for (Map.Entry<String, JsonNode> part : parts.entrySet()) {
      String key = part.getKey();
      JsonNode value = part.getValue();
      if (key.equals(DEFAULT_CPU_SET)) {
        cpu.set("defaultCpuSet", value);
      } else if (key.equals(MACHINE_STATE)) {
        memory.set("machineState", value);
      } else if (key.startsWith(ACTIVE_PODS + "/")) {
        DataNode pod = DataNode.at(value, key).object("order", "pod");
        if (pods.put(pod.get("order").longValue(), value.get("pod")) != null) {
          throw pod.get("order").error("two active pods have order " + pod.get("order").longValue());
        }
      } else if (key.startsWith(REMOVED_CONTAINERS + "/")) {
        String uid = unescape(key.substring(REMOVED_CONTAINERS.length() + 1));
        DataNode.at(value, key).elements().forEach(name -> removed.addObject().put("pod", uid).put("container",
            name.text()));
      } else {
        PodMap<?> map = POD_MAPS.stream().filter(m -> key.startsWith(m.pointer() + "/")).findFirst()
            .orElseThrow(() -> DataNode.at(value, key).error("no part of a node state has this key"));
        ObjectNode parent = (ObjectNode) objectAt(data, map.pointer());
        parent.set(unescape(key.substring(map.pointer().length() + 1)), value);
      }
    }
    ArrayNode active = data.putArray("activePods");
    pods.values().forEach(active::add);
    data.set("removedContainers", removed);
    return data;
  }

  /** The object at {@code pointer} of {@code data}, made (with its parents) when missing. */
  private static JsonNode objectAt(ObjectNode data, String pointer) {
    ObjectNode node = data;
    for (String name : pointer.substring(1).split("/")) {
      JsonNode child = node.get(name);
      node = child instanceof ObjectNode object ? object : node.putObject(name);
    }
    return node;
  }

  /** A uid as one reference token of a JSON pointer (RFC 6901: {@code ~} as {@code ~0}, {@code /} as {@code ~1}). */
  static String escape(String uid) {
    return uid.indexOf('~') < 0 && uid.indexOf('/') < 0 ? uid : uid.replace("~", "~0").replace("/", "~1");
  }

  private static String unescape(String token) {
    return token.indexOf('~') < 0 ? token : token.replace("~1", "/").replace("~0", "~");
  }
}
