package io.podtopo.adapters.linux.store;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import java.util.List;
import java.util.Map;

/**
 * A {@link Pod} in a state file: every field the domain pod has. A quantity is written as its exact
 * amount in plain decimal ({@code 2500m} as {@code "2.5"}, {@code 1Gi} as {@code "1073741824"}): equal
 * quantities are equal whatever their spelling, so equal pods give identical bytes.
 *
 * <pre>
 * pod:       {"uid", "name", "namespace", "podRequests": resources, "podLimits": resources,
 *             "initContainers": [container], "containers": [container], "ephemeralContainers": [container]}
 * container: {"name", "requests": resources, "limits": resources, "restartable": boolean}
 * resources: {"cpu": "2.5", "memory": "1073741824", ...}
 * </pre>
 */
final class SavedPodJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private SavedPodJson() {}

  static ObjectNode encode(Pod pod) {
    ObjectNode node = JSON.objectNode();
    node.put("uid", pod.uid());
    node.put("name", pod.name());
    node.put("namespace", pod.namespace());
    node.set("podRequests", resources(pod.podRequests()));
    node.set("podLimits", resources(pod.podLimits()));
    node.set("initContainers", containers(pod.initContainers()));
    node.set("containers", containers(pod.containers()));
    node.set("ephemeralContainers", containers(pod.ephemeralContainers()));
    return node;
  }

  static Pod decode(DataNode node) {
    node.object("uid", "name", "namespace", "podRequests", "podLimits", "initContainers", "containers",
        "ephemeralContainers");
    return new Pod.Builder()
        .uid(node.get("uid").text())
        .name(node.get("name").text())
        .namespace(node.get("namespace").text())
        .podRequests(resources(node.get("podRequests")))
        .podLimits(resources(node.get("podLimits")))
        .initContainers(node.get("initContainers").list(SavedPodJson::container))
        .containers(node.get("containers").list(SavedPodJson::container))
        .ephemeralContainers(node.get("ephemeralContainers").list(SavedPodJson::container))
        .build();
  }

  private static ArrayNode containers(List<Container> containers) {
    ArrayNode array = JSON.arrayNode();
    for (Container container : containers) {
      ObjectNode node = array.addObject();
      node.put("name", container.name());
      node.set("requests", resources(container.requests()));
      node.set("limits", resources(container.limits()));
      node.put("restartable", container.restartable());
    }
    return array;
  }

  private static Container container(DataNode node) {
    node.object("name", "requests", "limits", "restartable");
    return new Container.Builder()
        .name(node.get("name").text())
        .requests(resources(node.get("requests")))
        .limits(resources(node.get("limits")))
        .restartable(node.get("restartable").booleanValue())
        .build();
  }

  private static ObjectNode resources(Map<String, Quantity> resources) {
    ObjectNode node = JSON.objectNode();
    resources.forEach((name, quantity) -> node.put(name, quantity.amount().toPlainString()));
    return node;
  }

  private static Map<String, Quantity> resources(DataNode node) {
    return node.map(quantity -> quantity.parsed(Quantity::parse));
  }
}
