package io.podtopo.app.input;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.fabric8.kubernetes.api.model.EphemeralContainer;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.podtopo.app.input.YamlDocuments.Document;
import io.podtopo.conformance.json.InputJson;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.InvalidQuantityException;
import io.podtopo.domain.pod.FieldError;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.text.GoQuote;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads Kubernetes Pod manifests into domain {@link Pod}s, in the order given.
 *
 * <p>A path is a YAML file, a folder, whose {@code *.yaml} and {@code *.yml} files are read in
 * name order (not recursively), or {@code -} for standard input; each must hold at least one Pod. A file holds one Pod, several documents separated by {@code ---},
 * or a {@code kind: List} (or {@code PodList}) of Pods; empty documents are skipped. Each Pod is
 * bound with the fabric8 Kubernetes model and mapped:
 *
 * <ul>
 *   <li>uid: {@code metadata.uid}, else {@code namespace/name}; namespace defaults to
 *       {@code default};
 *   <li>{@code spec.resources}: the pod-level requests and limits;
 *   <li>init containers in spec order, those with {@code restartPolicy: Always} as sidecars; app
 *       containers; ephemeral containers;
 *   <li>then the defaulting and validation of the way the pods take to the kubelet ({@link PodRoute},
 *       decision D-42): created through the API server ({@code simulate}) or read from the kubelet's
 *       static pod folder (the agent). A pod that way refuses is an {@link InvalidPodException}
 *       carrying API validation's errors.
 * </ul>
 *
 * <p>A field the Pod API does not have ({@code resource:} for {@code resources:}) is reported as
 * {@link FieldValidation} says: a warning, or with {@code --strict} an error.
 *
 * <p>An input holds at most {@link #MAX_PODS} pods, a pod at most {@link #MAX_CONTAINERS_PER_POD}
 * containers.
 *
 * <p>Extended resources (device plugin resources such as {@code nvidia.com/gpu}) are validated as
 * the API server and the file source do ({@link io.podtopo.domain.pod.PodValidation}): whole numbers,
 * a request only beside an equal limit, never at pod level.
 *
 * <p>Anything else in a document is an error naming the file and the document: another kind, a Pod
 * without a name, a field of the wrong type, or an invalid quantity (named down to the container
 * and the field, e.g. {@code pods.yaml: pod default/web: containers[1] "app": resources.limits.cpu:
 * invalid quantity "2x": ...}).
 */
public final class PodManifests {

  /** The most pods one input holds (a file, a folder or standard input; all the paths of one read together). */
  public static final int MAX_PODS = 10_000;
  /** The most containers of one pod: init, app and ephemeral containers together. */
  public static final int MAX_CONTAINERS_PER_POD = 1_000;

  private static final Set<String> QUANTITY_MAPS = Set.of("requests", "limits", "overhead");

  private PodManifests() {}

  /** The path that stands for standard input, as in {@code kubectl get pods -o yaml | podtopo simulate --pods -}. */
  public static final Path STANDARD_INPUT = Path.of("-");

  /**
   * The pods of these files and folders ({@link #STANDARD_INPUT}: of standard input), in order.
   *
   * {@code fields} says what an unknown field is; {@code route} how the pods are defaulted and
   * validated.
   *
   * @throws InputException on bad input, and when a path holds no Pod at all
   */
  public static List<Pod> read(List<Path> paths, FieldValidation fields, PodRoute route) {
    List<Pod> pods = new ArrayList<>();
    for (Path path : paths) {
      List<Pod> read = new ArrayList<>();
      if (path.equals(STANDARD_INPUT)) {
        read.addAll(parse("standard input", new InputStreamReader(System.in, StandardCharsets.UTF_8), fields, route));
      } else {
        for (Path file : yamlFiles(path)) {
          read.addAll(pods(file.toString(), YamlDocuments.read(file), fields, route));
        }
      }
      if (read.isEmpty()) {
        throw new InputException((path.equals(STANDARD_INPUT) ? "standard input" : path.toString())
            + ": holds no Pod (a file of pods needs at least one document of kind Pod, or a List of them)");
      }
      pods.addAll(read);
      if (pods.size() > MAX_PODS) {
        throw tooManyPods(path.equals(STANDARD_INPUT) ? "standard input" : path.toString());
      }
    }
    return List.copyOf(pods);
  }

  /**
   * Builds the fabric8 Pod binding ahead of use, on a daemon thread: Jackson introspects the whole
   * Pod model (some hundreds of classes) on first use, which dominates a short run's start-up. A
   * caller with other work to do first starts it, and the first {@link #read} finds it done or
   * waits for it.
   */
  public static void prepareInBackground() {
    Thread thread = new Thread(() -> {
      try {
        YamlDocuments.MAPPER.treeToValue(YamlDocuments.MAPPER.createObjectNode(), io.fabric8.kubernetes.api.model.Pod.class);
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("an empty Pod cannot be bound", e);
      }
    }, "podtopo-prepare-pod-binding");
    thread.setDaemon(true);
    thread.start();
  }

  /** The pods of one file or folder. @throws InputException on bad input */
  public static List<Pod> read(Path path, FieldValidation fields, PodRoute route) {
    return read(List.of(path), fields, route);
  }

  /** The pods read from {@code reader}; {@code source} names it in errors. @throws InputException */
  public static List<Pod> parse(String source, Reader reader, FieldValidation fields, PodRoute route) {
    try {
      return List.copyOf(pods(source, YamlDocuments.read(source, reader), fields, route));
    } catch (IOException e) {
      throw new InputException(source + ": cannot read: " + e.getMessage(), e);
    }
  }

  private static List<Path> yamlFiles(Path path) {
    if (!Files.isDirectory(path)) {
      return List.of(path);
    }
    try (Stream<Path> children = Files.list(path)) {
      List<Path> files = children
          .filter(child -> Files.isRegularFile(child))
          .filter(child -> child.getFileName().toString().endsWith(".yaml")
              || child.getFileName().toString().endsWith(".yml"))
          .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
          .toList();
      if (files.isEmpty()) {
        throw new InputException(path + ": the folder holds no *.yaml or *.yml file");
      }
      return files;
    } catch (IOException e) {
      throw new InputException(path + ": cannot list the folder: " + e.getMessage(), e);
    }
  }

  private static List<Pod> pods(String file, List<Document> documents, FieldValidation fields, PodRoute route) {
    List<Pod> pods = new ArrayList<>();
    for (Document document : documents) {
      String where = file + ": document " + document.index();
      JsonNode tree = document.tree();
      String kind = tree.path("kind").asText("");
      if (kind.equals("List") || kind.equals("PodList")) {
        JsonNode items = tree.path("items");
        if (!items.isArray()) {
          throw new InputException(where + ": a " + kind + " needs an \"items\" array");
        }
        for (int i = 0; i < items.size(); i++) {
          if (pods.size() == MAX_PODS) {
            throw tooManyPods(where);
          }
          JsonNode item = items.get(i);
          String itemKind = item.path("kind").asText(kind.equals("PodList") ? "Pod" : "");
          pods.add(pod(file, where + ": items[" + i + "]", itemKind, item, fields, route));
        }
      } else {
        if (pods.size() == MAX_PODS) {
          throw tooManyPods(where);
        }
        pods.add(pod(file, where, kind, tree, fields, route));
      }
    }
    return pods;
  }

  private static InputException tooManyPods(String where) {
    return new InputException(where + ": more than " + MAX_PODS + " pods, the limit of one input");
  }

  private static Pod pod(String file, String where, String kind, JsonNode tree, FieldValidation fields,
      PodRoute route) {
    if (!kind.equals("Pod")) {
      throw new InputException(where + ": expected a Pod, found "
          + (kind.isEmpty() ? "a document without \"kind\"" : "kind \"" + kind + "\""));
    }
    io.fabric8.kubernetes.api.model.Pod manifest;
    try {
      manifest = YamlDocuments.MAPPER.treeToValue(quantitiesAsText(tree.deepCopy(), where, ""),
          io.fabric8.kubernetes.api.model.Pod.class);
    } catch (JsonMappingException e) {
      throw new InputException(where + ": " + fieldPath(e) + InputJson.describe(e), e);
    } catch (JsonProcessingException e) {
      throw new InputException(where + ": " + InputJson.describe(e), e);
    }
    ObjectMeta metadata = manifest.getMetadata() == null ? new ObjectMeta() : manifest.getMetadata();
    if (metadata.getName() == null || metadata.getName().isBlank()) {
      throw new InputException(where + ": the Pod has no metadata.name");
    }
    String namespace = metadata.getNamespace() == null || metadata.getNamespace().isBlank()
        ? "default" : metadata.getNamespace();
    String uid = metadata.getUid() == null || metadata.getUid().isBlank()
        ? namespace + "/" + metadata.getName() : metadata.getUid();
    String shown = file + ": pod " + printable(namespace + "/" + metadata.getName());
    fields.unknown(shown,
        UnknownFields.of(tree, io.fabric8.kubernetes.api.model.Pod.class));
    Pod written = new PodMapper(shown)
        .map(uid, metadata.getName(), namespace, manifest.getSpec() == null ? new PodSpec() : manifest.getSpec());
    Pod defaulted = route.defaulted(written);
    List<FieldError> errors = route.errors(defaulted);
    if (!errors.isEmpty()) {
      throw new InvalidPodException(shown + ": "
          + route.refusal(metadata.getName(), errors), errors);
    }
    return defaulted;
  }

  /**
   * YAML reads {@code cpu: 2} as a number, which the fabric8 {@code Quantity} cannot be bound
   * from; the kubelet's decoder accepts it. Numbers inside every {@code requests}, {@code limits}
   * and {@code overhead} mapping become their text; a quantity that is no string or number (a list, a
   * mapping, a boolean) or a number too large to write ({@code 1e400}) is refused here, in the
   * user's terms, at its field.
   *
   * @throws InputException naming {@code where} and the field
   */
  private static JsonNode quantitiesAsText(JsonNode node, String where, String path) {
    if (node instanceof ObjectNode object) {
      for (Map.Entry<String, JsonNode> field : object.properties()) {
        String fieldPath = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
        if (QUANTITY_MAPS.contains(field.getKey()) && field.getValue() instanceof ObjectNode quantities) {
          for (Map.Entry<String, JsonNode> quantity : List.copyOf(quantities.properties())) {
            quantities.set(quantity.getKey(), quantityText(quantity.getValue(), where,
                fieldPath + "." + quantity.getKey()));
          }
        } else {
          quantitiesAsText(field.getValue(), where, fieldPath);
        }
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        quantitiesAsText(node.get(i), where, path + "[" + i + "]");
      }
    }
    return node;
  }

  private static JsonNode quantityText(JsonNode value, String where, String path) {
    if (value.isTextual() || value.isNull()) {
      return value;
    }
    if (value.isNumber() && !(value.isFloatingPointNumber() && !Double.isFinite(value.doubleValue()))) {
      return TextNode.valueOf(value.asText());
    }
    String found = value.isNumber() ? "a number too large to be a quantity"
        : value.isArray() ? "a list" : value.isObject() ? "a mapping" : value.isBoolean() ? "true or false" : "a value";
    throw new InputException(where + ": " + path + ": expected a quantity such as \"500m\", \"2\" or \"1Gi\", found "
        + found);
  }

  /** A name as the user may see it: Go-quoted when it holds a control character, never printed raw. */
  private static String printable(String name) {
    return name.chars().anyMatch(c -> Character.getType(c) == Character.CONTROL) ? GoQuote.of(name) : name;
  }

  private static String fieldPath(JsonMappingException e) {
    StringBuilder path = new StringBuilder();
    for (JsonMappingException.Reference reference : e.getPath()) {
      if (reference.getFieldName() != null) {
        path.append(path.length() == 0 ? "" : ".").append(reference.getFieldName());
      } else if (reference.getIndex() >= 0) {
        path.append('[').append(reference.getIndex()).append(']');
      }
    }
    return path.length() == 0 ? "" : path + ": ";
  }

  /** Maps one bound Pod; {@code where} prefixes every error. */
  private record PodMapper(String where, Set<String> containerNames) {

    PodMapper(String where) {
      this(where, new java.util.HashSet<>());
    }

    Pod map(String uid, String name, String namespace, PodSpec spec) {
      int count = orEmpty(spec.getInitContainers()).size() + orEmpty(spec.getContainers()).size()
          + orEmpty(spec.getEphemeralContainers()).size();
      if (count > MAX_CONTAINERS_PER_POD) {
        throw new InputException(where + ": " + count + " containers, more than the " + MAX_CONTAINERS_PER_POD
            + " a pod may have (init, app and ephemeral containers together)");
      }
      Pod.Builder pod = new Pod.Builder().uid(uid).name(name).namespace(namespace);
      ResourceRequirements podResources = spec.getResources();
      if (podResources != null) {
        pod.podResourcesStanza(true);
        pod.podRequests(quantities("spec.resources.requests", podResources.getRequests()));
        pod.podLimits(quantities("spec.resources.limits", podResources.getLimits()));
      }
      List<io.fabric8.kubernetes.api.model.Container> initContainers = orEmpty(spec.getInitContainers());
      for (int i = 0; i < initContainers.size(); i++) {
        io.fabric8.kubernetes.api.model.Container init = initContainers.get(i);
        pod.addInitContainer(container("initContainers", i, init.getName(), init.getResources(),
            "Always".equals(init.getRestartPolicy())));
      }
      List<io.fabric8.kubernetes.api.model.Container> containers = orEmpty(spec.getContainers());
      for (int i = 0; i < containers.size(); i++) {
        io.fabric8.kubernetes.api.model.Container app = containers.get(i);
        pod.addContainer(container("containers", i, app.getName(), app.getResources(), false));
      }
      List<EphemeralContainer> ephemeral = orEmpty(spec.getEphemeralContainers());
      for (int i = 0; i < ephemeral.size(); i++) {
        EphemeralContainer debug = ephemeral.get(i);
        pod.addEphemeralContainer(container("ephemeralContainers", i, debug.getName(), debug.getResources(), false));
      }
      return pod.build();
    }

    private Container container(String list, int index, String name, ResourceRequirements resources,
        boolean restartable) {
      String at = list + "[" + index + "]";
      if (name == null || name.isBlank()) {
        throw new InputException(where + ": " + at + ": the container has no name");
      }
      if (!containerNames.add(name)) {
        throw new InputException(where + ": " + at + " \"" + name + "\": another container has the same name");
      }
      String prefix = at + " \"" + name + "\": resources.";
      Container.Builder container = new Container.Builder().name(name).restartable(restartable);
      if (resources != null) {
        SortedMap<String, Quantity> requests = quantities(prefix + "requests", resources.getRequests());
        SortedMap<String, Quantity> limits = quantities(prefix + "limits", resources.getLimits());
        container.requests(requests);
        container.limits(limits);
      }
      return container.build();
    }

    private SortedMap<String, Quantity> quantities(String field,
        Map<String, io.fabric8.kubernetes.api.model.Quantity> values) {
      SortedMap<String, Quantity> result = new TreeMap<>();
      if (values == null) {
        return result;
      }
      values.forEach((resource, value) -> {
        String text = value == null ? "" : value.toString();
        try {
          result.put(resource, resource.equals("cpu") ? Quantity.parseMillis(text) : Quantity.parse(text));
        } catch (InvalidQuantityException e) {
          throw new InputException(where + ": " + field + "." + resource + ": " + e.getMessage(), e);
        }
      });
      return result;
    }

    private static <T> List<T> orEmpty(List<T> list) {
      return list == null ? List.of() : list;
    }
  }
}
