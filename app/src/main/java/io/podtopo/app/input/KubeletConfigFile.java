package io.podtopo.app.input;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.app.input.YamlDocuments.Document;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.InvalidQuantityException;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuListFormatException;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads a kubelet configuration file ({@code apiVersion: kubelet.config.k8s.io/v1beta1},
 * {@code kind: KubeletConfiguration}) into {@link NodeSettings}.
 *
 * <p>Only the fields of the node resource managers are read: {@code cpuManagerPolicy},
 * {@code cpuManagerPolicyOptions}, {@code reservedSystemCPUs}, {@code kubeReserved},
 * {@code systemReserved}, {@code evictionHard} ({@code memory.available} only),
 * {@code topologyManagerPolicy}, {@code topologyManagerScope},
 * {@code topologyManagerPolicyOptions}, {@code memoryManagerPolicy}, {@code reservedMemory} and
 * {@code featureGates}. Every other field of KubeletConfiguration is ignored (a real file has many);
 * a field it does not have is reported as {@link FieldValidation} says. A field of the wrong
 * type, a policy, scope or option the kubelet does not know, an option value it would not parse, a
 * bad cpulist or quantity is one {@link InputException} naming the file and the field.
 */
public final class KubeletConfigFile {

  /** The resource holding the built-in configuration of {@code podtopo simulate}. */
  public static final String DEFAULT_RESOURCE = "/io/podtopo/app/default-kubelet-config.yaml";

  static final String API_VERSION = "kubelet.config.k8s.io/v1beta1";
  static final String KIND = "KubeletConfiguration";

  private static final List<String> CPU_POLICIES = List.of("none", "static");
  private static final List<String> MEMORY_POLICIES = List.of("None", "Static");
  private static final List<String> TOPOLOGY_POLICIES = List.of("none", "best-effort", "restricted", "single-numa-node");
  private static final List<String> TOPOLOGY_SCOPES = List.of("container", "pod");
  private static final List<String> CPU_OPTIONS = List.of("full-pcpus-only", "distribute-cpus-across-numa",
      "align-by-socket", "distribute-cpus-across-cores", "strict-cpu-reservation", "prefer-align-cpus-by-uncorecache");
  private static final String MEMORY_AVAILABLE = "memory.available";
  private static final String MAX_ALLOWABLE_NUMA_NODES = "max-allowable-numa-nodes";
  private static final List<String> TOPOLOGY_OPTIONS = List.of("prefer-closest-numa-nodes", MAX_ALLOWABLE_NUMA_NODES);
  /** Go {@code strconv.ParseBool}. */
  private static final Set<String> GO_BOOLS =
      Set.of("1", "t", "T", "TRUE", "true", "True", "0", "f", "F", "FALSE", "false", "False");

  private final String source;
  private final FieldValidation fields;

  private KubeletConfigFile(String source, FieldValidation fields) {
    this.source = source;
    this.fields = fields;
  }

  /**
   * The settings of a configuration file; {@code fields} says what a field KubeletConfiguration
   * does not have is.
   *
   * @throws InputException on bad input
   */
  public static NodeSettings read(Path file, FieldValidation fields) {
    List<Document> documents = YamlDocuments.read(file);
    return new KubeletConfigFile(file.toString(), fields).settings(documents);
  }

  /** The settings read from {@code reader}; {@code source} names it in errors. */
  public static NodeSettings parse(String source, Reader reader, FieldValidation fields) {
    try {
      return new KubeletConfigFile(source, fields).settings(YamlDocuments.read(source, reader));
    } catch (IOException e) {
      throw new InputException(source + ": cannot read: " + e.getMessage(), e);
    }
  }

  /**
   * The built-in configuration: static CPU policy with one core reserved, Static memory policy
   * with 1Gi reserved per NUMA node, restricted topology policy in pod scope, both KEP-5526 gates on
   * (written for the catalog's {@code demo-2s} machine).
   */
  public static NodeSettings builtInDefault() {
    InputStream stream = KubeletConfigFile.class.getResourceAsStream(DEFAULT_RESOURCE);
    if (stream == null) {
      throw new IllegalStateException("missing resource " + DEFAULT_RESOURCE);
    }
    try (Reader reader = new InputStreamReader(stream, StandardCharsets.UTF_8)) {
      return parse("built-in kubelet configuration", reader, FieldValidation.strict());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private NodeSettings settings(List<Document> documents) {
    if (documents.size() != 1) {
      throw new InputException(source + ": expected one KubeletConfiguration document, found " + documents.size());
    }
    JsonNode root = documents.get(0).tree();
    if (!root.isObject()) {
      throw new InputException(source + ": expected a KubeletConfiguration mapping");
    }
    expectValue(root, "apiVersion", API_VERSION);
    expectValue(root, "kind", KIND);
    fields.unknown(source, KubeletConfigurationFields.unknown(root));
    NodeSettings.Builder settings = new NodeSettings.Builder().source(source);
    if (root.hasNonNull("cpuManagerPolicy")) {
      settings.cpuManagerPolicy(oneOf(root, "cpuManagerPolicy", CPU_POLICIES));
    }
    settings.cpuManagerPolicyOptions(options(root, "cpuManagerPolicyOptions", CPU_OPTIONS));
    if (root.hasNonNull("reservedSystemCPUs") && !root.path("reservedSystemCPUs").asText().isBlank()) {
      settings.reservedSystemCpus(cpuList(root, "reservedSystemCPUs"));
    }
    settings.kubeReserved(quantities(root.path("kubeReserved"), "kubeReserved"));
    settings.systemReserved(quantities(root.path("systemReserved"), "systemReserved"));
    evictionHardMemory(root.path("evictionHard"), settings);
    if (root.hasNonNull("maxPods")) {
      JsonNode maxPods = root.get("maxPods");
      if (!maxPods.canConvertToInt() || !maxPods.isIntegralNumber() || maxPods.asInt() < 1) {
        throw new InputException(source + ": maxPods: must be a positive integer, got " + maxPods);
      }
      settings.maxPods(maxPods.asInt());
    }
    if (root.hasNonNull("topologyManagerPolicy")) {
      settings.topologyManagerPolicy(oneOf(root, "topologyManagerPolicy", TOPOLOGY_POLICIES));
    }
    if (root.hasNonNull("topologyManagerScope")) {
      settings.topologyManagerScope(oneOf(root, "topologyManagerScope", TOPOLOGY_SCOPES));
    }
    settings.topologyManagerPolicyOptions(options(root, "topologyManagerPolicyOptions", TOPOLOGY_OPTIONS));
    if (root.hasNonNull("memoryManagerPolicy")) {
      settings.memoryManagerPolicy(oneOf(root, "memoryManagerPolicy", MEMORY_POLICIES));
    }
    reservedMemory(root.path("reservedMemory"), settings);
    settings.featureGates(featureGates(root.path("featureGates")));
    return settings.build();
  }

  private void expectValue(JsonNode root, String field, String expected) {
    String actual = scalar(root.path(field), field);
    if (!expected.equals(actual)) {
      throw fail(field, actual == null ? "is missing; expected \"" + expected + "\""
          : "is \"" + actual + "\"; expected \"" + expected + "\"");
    }
  }

  private String oneOf(JsonNode root, String field, List<String> allowed) {
    String value = scalar(root.path(field), field);
    if (!allowed.contains(value)) {
      throw fail(field, "unknown value \"" + value + "\"; expected one of " + String.join(", ", allowed));
    }
    return value;
  }

  private SortedMap<String, String> options(JsonNode root, String field, List<String> known) {
    SortedMap<String, String> options = new TreeMap<>();
    for (Map.Entry<String, JsonNode> entry : entries(root.path(field), field)) {
      String name = entry.getKey();
      String path = field + "." + name;
      if (!known.contains(name)) {
        throw fail(path, "unknown option; known options: " + String.join(", ", known));
      }
      String value = scalar(entry.getValue(), path);
      if (value == null) {
        throw fail(path, "needs a value");
      }
      if (name.equals(MAX_ALLOWABLE_NUMA_NODES) ? !value.matches("[0-9]+") : !GO_BOOLS.contains(value)) {
        throw fail(path, "invalid value \"" + value + "\"; expected "
            + (name.equals(MAX_ALLOWABLE_NUMA_NODES) ? "a whole number" : "true or false"));
      }
      options.put(name, value);
    }
    return options;
  }

  private CpuSet cpuList(JsonNode root, String field) {
    String text = scalar(root.path(field), field);
    try {
      return CpuSet.parse(text);
    } catch (CpuListFormatException e) {
      throw fail(field, e.getMessage());
    }
  }

  private SortedMap<String, Quantity> quantities(JsonNode node, String field) {
    SortedMap<String, Quantity> quantities = new TreeMap<>();
    for (Map.Entry<String, JsonNode> entry : entries(node, field)) {
      String path = field + "." + entry.getKey();
      String text = scalar(entry.getValue(), path);
      try {
        quantities.put(entry.getKey(), Quantity.parse(text));
      } catch (InvalidQuantityException e) {
        throw fail(path, e.getMessage());
      }
    }
    return quantities;
  }

  /** Upstream defaults {@code evictionHard} as a whole: a given map without memory reserves none. */
  private void evictionHardMemory(JsonNode node, NodeSettings.Builder settings) {
    if (node.isMissingNode() || node.isNull()) {
      return;
    }
    String field = "evictionHard." + MEMORY_AVAILABLE;
    List<Map.Entry<String, JsonNode>> thresholds = entries(node, "evictionHard");
    String value = "0";
    for (Map.Entry<String, JsonNode> threshold : thresholds) {
      if (threshold.getKey().equals(MEMORY_AVAILABLE)) {
        value = scalar(threshold.getValue(), field);
      }
    }
    if (value == null) {
      throw fail(field, "needs a value");
    }
    if (value.endsWith("%")) {
      String percent = value.substring(0, value.length() - 1);
      if (!percent.matches("[0-9]+(\\.[0-9]+)?") || Double.parseDouble(percent) > 100) {
        throw fail(field, "invalid percentage \"" + value + "\"; expected 0% to 100%");
      }
    } else {
      try {
        Quantity.parse(value);
      } catch (InvalidQuantityException e) {
        throw fail(field, e.getMessage());
      }
    }
    settings.evictionHardMemoryAvailable(value);
  }

  private void reservedMemory(JsonNode node, NodeSettings.Builder settings) {
    if (node.isMissingNode() || node.isNull()) {
      return;
    }
    if (!node.isArray()) {
      throw fail("reservedMemory", "expected a list of {numaNode, limits}, found " + describe(node));
    }
    for (int i = 0; i < node.size(); i++) {
      String path = "reservedMemory[" + i + "]";
      JsonNode entry = node.get(i);
      if (!entry.isObject()) {
        throw fail(path, "expected a mapping with numaNode and limits, found " + describe(entry));
      }
      JsonNode numaNode = entry.path("numaNode");
      if (!numaNode.canConvertToInt() || !numaNode.isIntegralNumber() || numaNode.asInt() < 0) {
        throw fail(path + ".numaNode", numaNode.isMissingNode() ? "is missing"
            : "expected a NUMA node id, found " + describe(numaNode));
      }
      settings.addReservedMemory(new ReservedMemory.Builder()
          .numaNode(numaNode.asInt())
          .limits(quantities(entry.path("limits"), path + ".limits"))
          .build());
    }
  }

  private FeatureGates featureGates(JsonNode node) {
    SortedMap<String, Boolean> gates = new TreeMap<>();
    for (Map.Entry<String, JsonNode> entry : entries(node, "featureGates")) {
      if (!entry.getValue().isBoolean()) {
        throw fail("featureGates." + entry.getKey(), "expected true or false, found " + describe(entry.getValue()));
      }
      gates.put(entry.getKey(), entry.getValue().asBoolean());
    }
    return FeatureGates.of(gates);
  }

  private List<Map.Entry<String, JsonNode>> entries(JsonNode node, String field) {
    if (node.isMissingNode() || node.isNull()) {
      return List.of();
    }
    if (!node.isObject()) {
      throw fail(field, "expected a mapping, found " + describe(node));
    }
    return List.copyOf(node.properties());
  }

  /** A scalar's text; null when missing or null. */
  private String scalar(JsonNode node, String field) {
    if (node.isMissingNode() || node.isNull()) {
      return null;
    }
    if (!node.isValueNode()) {
      throw fail(field, "expected a single value, found " + describe(node));
    }
    return node.asText();
  }

  private static String describe(JsonNode node) {
    if (node.isObject()) {
      return "a mapping";
    }
    if (node.isArray()) {
      return "a list";
    }
    return node.isTextual() ? "\"" + node.asText() + "\"" : node.asText();
  }

  private InputException fail(String field, String problem) {
    return new InputException(source + ": " + field + ": " + problem);
  }
}
