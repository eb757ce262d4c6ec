package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.ports.in.ContainerRef;
import io.podtopo.ports.in.NodeSnapshot;

/**
 * A whole {@link NodeSnapshot} as the {@code data} of a state file (version 1): the node state
 * ({@link NodeStateJson}), the active pods in admission order ({@link SavedPodJson}) and the removed
 * containers in (pod uid, name) order.
 *
 * <pre>
 * data:    {"state": state, "activePods": [pod], "removedContainers": [{"pod": uid, "container": name}]}
 * </pre>
 *
 * <p>Decoding is strict: every object has exactly the members above, so a value this version does
 * not know is refused instead of dropped.
 */
final class SnapshotJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private SnapshotJson() {}

  static ObjectNode encode(NodeSnapshot snapshot) {
    ObjectNode data = JSON.objectNode();
    data.set("state", NodeStateJson.encode(snapshot.state()));
    ArrayNode pods = data.putArray("activePods");
    snapshot.activePods().forEach(pod -> pods.add(SavedPodJson.encode(pod)));
    ArrayNode removed = data.putArray("removedContainers");
    for (ContainerRef ref : snapshot.removedContainers()) {
      removed.addObject().put("pod", ref.podUid()).put("container", ref.containerName());
    }
    return data;
  }

  /** @throws InvalidStateDataException naming the pointer of the first value that is wrong */
  static NodeSnapshot decode(DataNode data) {
    data.object("state", "activePods", "removedContainers");
    NodeSnapshot.Builder snapshot = new NodeSnapshot.Builder()
        .state(NodeStateJson.decode(data.get("state")))
        .activePods(data.get("activePods").list(SavedPodJson::decode))
        .removedContainers(data.get("removedContainers").list(ref -> {
          ref.object("pod", "container");
          return ContainerRef.of(ref.get("pod").text(), ref.get("container").text());
        }));
    try {
      return snapshot.build();
    } catch (IllegalArgumentException e) {
      throw data.get("activePods").error(e.getMessage());
    }
  }
}
