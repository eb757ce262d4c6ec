package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A Pod manifest (YAML, or JSON, which is YAML) read into a {@link Pod} as written, for the
 * {@code static-pod-decode} kind: {@code metadata.name} and {@code namespace}, {@code spec.resources}
 * (a stanza even when empty), and every init, app and ephemeral container's name,
 * {@code restartPolicy} and resources. Nothing is defaulted. The agent reads its folder with
 * {@code PodManifests} (module app), which maps the same fields; this reader is the suite's own, so
 * that the suite needs no Kubernetes model.
 */
final class ManifestPod {

  private static final YAMLMapper YAML = new YAMLMapper();

  private ManifestPod() {}

  /** The pod of the manifest. @throws IllegalArgumentException when it is not one Pod with a name */
  static Pod read(String manifest) {
    JsonNode root;
    try {
      root = YAML.readTree(manifest);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("the manifest is not YAML: " + e.getOriginalMessage(), e);
    }
    if (root == null || !"Pod".equals(root.path("kind").asText())) {
      throw new IllegalArgumentException("the manifest is not a Pod");
    }
    String name = root.path("metadata").path("name").asText("");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("the Pod has no metadata.name");
    }
    Pod.Builder pod = new Pod.Builder().uid(name).name(name)
        .namespace(root.path("metadata").path("namespace").asText("default"));
    JsonNode spec = root.path("spec");
    if (spec.hasNonNull("resources")) {
      pod.podResourcesStanza(true);
      putAll(spec.path("resources").path("requests"), pod::putPodRequest);
      putAll(spec.path("resources").path("limits"), pod::putPodLimit);
    }
    spec.path("initContainers").forEach(c -> pod.addInitContainer(container(c)));
    spec.path("containers").forEach(c -> pod.addContainer(container(c)));
    spec.path("ephemeralContainers").forEach(c -> pod.addEphemeralContainer(container(c)));
    return pod.build();
  }

  private static Container container(JsonNode node) {
    Container.Builder container = new Container.Builder().name(node.path("name").asText())
        .restartable("Always".equals(node.path("restartPolicy").asText("")));
    putAll(node.path("resources").path("requests"), container::putRequest);
    putAll(node.path("resources").path("limits"), container::putLimit);
    return container.build();
  }

  private static void putAll(JsonNode map, BiConsumer<String, Quantity> put) {
    for (Iterator<Map.Entry<String, JsonNode>> it = map.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> entry = it.next();
      put.accept(entry.getKey(), Quantity.parse(entry.getValue().asText()));
    }
  }
}
