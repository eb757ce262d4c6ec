package io.podtopo.conformance.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Reads the vectors' pod form into a {@link Pod}, and writes a pod back in that form.
 *
 * <p>Pod: {@code {"uid", "name"?, "namespace"?, "containers", "initContainers"?,
 * "ephemeralContainers"?, "resources"?: {"requests": {...}, "limits": {...}}, "podResources"?:
 * {"cpuRequest", "cpuLimit", "memoryRequest", "memoryLimit"}, "podCPU"?}} ({@code resources} is
 * {@code spec.resources}; {@code podResources} and {@code podCPU}, a pod-level CPU request = limit,
 * are the transcribed upstream shorthands). {@code name} defaults to the uid, {@code namespace} to
 * {@code default}. Container: {@code {"name", "cpuRequest"?, "cpuLimit"?, "memoryRequest"?,
 * "memoryLimit"?, "restartPolicy"?, "resources"?: {"requests": {...}, "limits": {...}}}};
 * {@code restartPolicy: "Always"} on an init container makes it a sidecar. No defaulting is applied:
 * the vectors hold what upstream's test pods hold. Any of {@code resources}, {@code podResources}
 * and {@code podCPU}, even empty, is a {@code spec.resources} stanza ({@link Pod#podResourcesStanza()}).
 * A container's {@code image} is not read.
 */
public final class PodJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private PodJson() {}

  public static Pod pod(JsonNode node) {
    Pod.Builder pod = new Pod.Builder().uid(node.path("uid").asText("pod"));
    if (node.hasNonNull("name")) {
      pod.name(node.get("name").asText());
    }
    if (node.hasNonNull("namespace")) {
      pod.namespace(node.get("namespace").asText());
    }
    JsonNode podResources = node.get("podResources");
    if (podResources != null && !podResources.isNull()) {
      putIfPresent(podResources, "cpuRequest", Resources.CPU, pod::putPodRequest);
      putIfPresent(podResources, "cpuLimit", Resources.CPU, pod::putPodLimit);
      putIfPresent(podResources, "memoryRequest", Resources.MEMORY, pod::putPodRequest);
      putIfPresent(podResources, "memoryLimit", Resources.MEMORY, pod::putPodLimit);
    }
    JsonNode podCpu = node.get("podCPU");
    if (podCpu != null && !podCpu.isNull()) {
      pod.putPodRequest(Resources.CPU, Quantity.parse(podCpu.asText()));
      pod.putPodLimit(Resources.CPU, Quantity.parse(podCpu.asText()));
    }
    JsonNode resources = node.path("resources");
    putAll(resources.path("requests"), pod::putPodRequest);
    putAll(resources.path("limits"), pod::putPodLimit);
    pod.podResourcesStanza(node.hasNonNull("resources") || node.hasNonNull("podResources") || node.hasNonNull("podCPU"));
    node.path("initContainers").forEach(c -> pod.addInitContainer(container(c)));
    node.path("containers").forEach(c -> pod.addContainer(container(c)));
    node.path("ephemeralContainers").forEach(c -> pod.addEphemeralContainer(container(c)));
    return pod.build();
  }

  public static Container container(JsonNode node) {
    Container.Builder container = new Container.Builder()
        .name(node.path("name").asText())
        .restartable("Always".equals(node.path("restartPolicy").asText("")));
    putIfPresent(node, "cpuRequest", Resources.CPU, container::putRequest);
    putIfPresent(node, "cpuLimit", Resources.CPU, container::putLimit);
    putIfPresent(node, "memoryRequest", Resources.MEMORY, container::putRequest);
    putIfPresent(node, "memoryLimit", Resources.MEMORY, container::putLimit);
    JsonNode resources = node.path("resources");
    putAll(resources.path("requests"), container::putRequest);
    putAll(resources.path("limits"), container::putLimit);
    return container.build();
  }

  /**
   * The pod in the general form ({@code uid}, {@code name} and {@code namespace} when they are not
   * the defaults, {@code resources}, the containers with {@code resources}), which {@link #pod}
   * reads back into an equal pod.
   */
  public static ObjectNode write(Pod pod) {
    ObjectNode node = JSON.objectNode();
    node.put("uid", pod.uid());
    if (!pod.name().equals(pod.uid())) {
      node.put("name", pod.name());
    }
    if (!pod.namespace().equals("default")) {
      node.put("namespace", pod.namespace());
    }
    if (pod.podResourcesStanza() || !pod.podRequests().isEmpty() || !pod.podLimits().isEmpty()) {
      node.set("resources", resources(pod.podRequests(), pod.podLimits()));
    }
    putContainers(node, "initContainers", pod.initContainers());
    node.set("containers", containers(pod.containers()));
    putContainers(node, "ephemeralContainers", pod.ephemeralContainers());
    return node;
  }

  private static void putContainers(ObjectNode node, String field, List<Container> containers) {
    if (!containers.isEmpty()) {
      node.set(field, containers(containers));
    }
  }

  private static ArrayNode containers(List<Container> containers) {
    ArrayNode array = JSON.arrayNode();
    for (Container container : containers) {
      ObjectNode written = array.addObject().put("name", container.name());
      if (container.restartable()) {
        written.put("restartPolicy", "Always");
      }
      if (!container.requests().isEmpty() || !container.limits().isEmpty()) {
        written.set("resources", resources(container.requests(), container.limits()));
      }
    }
    return array;
  }

  private static ObjectNode resources(Map<String, Quantity> requests, Map<String, Quantity> limits) {
    ObjectNode resources = JSON.objectNode();
    if (!requests.isEmpty()) {
      ObjectNode written = resources.putObject("requests");
      requests.forEach((name, quantity) -> written.put(name, quantity.toString()));
    }
    if (!limits.isEmpty()) {
      ObjectNode written = resources.putObject("limits");
      limits.forEach((name, quantity) -> written.put(name, quantity.toString()));
    }
    return resources;
  }

  private interface Put {
    void put(String resource, Quantity quantity);
  }

  private static void putIfPresent(JsonNode node, String field, String resource, Put put) {
    JsonNode value = node.get(field);
    if (value != null && !value.isNull()) {
      put.put(resource, Quantity.parse(value.asText()));
    }
  }

  private static void putAll(JsonNode map, Put put) {
    for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      put.put(entry.getKey(), Quantity.parse(entry.getValue().asText()));
    }
  }
}
