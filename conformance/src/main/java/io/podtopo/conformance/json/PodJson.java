package io.podtopo.conformance.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads the vectors' pod form into a {@link Pod}.
 *
 * <p>Pod: {@code {"uid", "containers", "initContainers"?, "podResources"?: {"cpuRequest", "cpuLimit",
 * "memoryRequest", "memoryLimit"}, "podCPU"?}} ({@code podCPU} is a pod-level CPU request = limit).
 * Container: {@code {"name", "cpuRequest"?, "cpuLimit"?, "memoryRequest"?, "memoryLimit"?,
 * "restartPolicy"?, "resources"?: {"requests": {...}, "limits": {...}}}}; {@code restartPolicy:
 * "Always"} on an init container makes it a sidecar. No defaulting is applied: the vectors hold
 * what upstream's test pods hold.
 */
public final class PodJson {

  private PodJson() {}

  public static Pod pod(JsonNode node) {
    Pod.Builder pod = new Pod.Builder().uid(node.path("uid").asText("pod"));
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
    node.path("initContainers").forEach(c -> pod.addInitContainer(container(c)));
    node.path("containers").forEach(c -> pod.addContainer(container(c)));
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
