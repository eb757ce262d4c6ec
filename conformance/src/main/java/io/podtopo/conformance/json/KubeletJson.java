package io.podtopo.conformance.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The node-scenario vectors' kubelet configuration: the subset of {@code KubeletConfiguration}
 * ({@code kubelet.config.k8s.io/v1beta1}) the resource managers read, with the kubelet's field names
 * and defaults.
 *
 * <pre>{@code
 * {"cpuManagerPolicy": "static", "cpuManagerPolicyOptions": {"full-pcpus-only": "true"},
 *  "reservedSystemCPUs": "0", "kubeReserved": {"cpu": "1"}, "systemReserved": {"cpu": "1"},
 *  "topologyManagerPolicy": "restricted", "topologyManagerScope": "pod",
 *  "topologyManagerPolicyOptions": {"prefer-closest-numa-nodes": "true"},
 *  "memoryManagerPolicy": "Static", "reservedMemory": [{"numaNode": 0, "limits": {"memory": "256Mi"}}],
 *  "featureGates": {"PodLevelResourceManagers": true}}
 * }</pre>
 *
 * <p>Without {@code reservedSystemCPUs}, the static policy reserves {@code ceil(kubeReserved.cpu +
 * systemReserved.cpu)} CPUs of its own choosing. Any other field is refused, so that a misspelt one
 * is not silently ignored.
 */
public final class KubeletJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Set<String> FIELDS = Set.of("cpuManagerPolicy", "cpuManagerPolicyOptions",
      "reservedSystemCPUs", "kubeReserved", "systemReserved", "topologyManagerPolicy", "topologyManagerScope",
      "topologyManagerPolicyOptions", "memoryManagerPolicy", "reservedMemory", "featureGates", "maxPods");

  private KubeletJson() {}

  /**
   * The configuration; a missing or null node is the kubelet defaults.
   *
   * @throws IllegalArgumentException naming the field at fault
   */
  public static NodeConfig config(JsonNode node) {
    NodeConfig.Builder config = new NodeConfig.Builder();
    if (node == null || node.isNull() || node.isMissingNode()) {
      return config.build();
    }
    if (!node.isObject()) {
      throw new IllegalArgumentException("the kubelet configuration must be an object: " + node);
    }
    node.fieldNames().forEachRemaining(name -> {
      if (!FIELDS.contains(name)) {
        throw new IllegalArgumentException("kubelet configuration field \"" + name + "\" is not read; known: "
            + String.join(", ", FIELDS.stream().sorted().toList()));
      }
    });
    if (node.hasNonNull("cpuManagerPolicy")) {
      config.cpuManagerPolicy(CpuManagerPolicy.parse(node.get("cpuManagerPolicy").asText()));
    }
    config.cpuManagerPolicyOptions(strings(node.path("cpuManagerPolicyOptions")));
    if (node.hasNonNull("maxPods")) {
      if (!node.get("maxPods").canConvertToInt() || node.get("maxPods").asInt() < 1) {
        throw new IllegalArgumentException("kubelet.maxPods must be a positive integer, got " + node.get("maxPods"));
      }
      config.maxPods(node.get("maxPods").asInt());
    }
    if (node.hasNonNull("reservedSystemCPUs")) {
      config.reservedSystemCpus(CpuSet.parse(node.get("reservedSystemCPUs").asText()));
    }
    BigDecimal reservedCpu = cpu(node.path("kubeReserved")).add(cpu(node.path("systemReserved")));
    config.reservedCpuCount(reservedCpu.setScale(0, RoundingMode.CEILING).intValueExact());
    if (node.hasNonNull("topologyManagerPolicy")) {
      config.topologyManagerPolicy(TopologyManagerPolicy.parse(node.get("topologyManagerPolicy").asText()));
    }
    if (node.hasNonNull("topologyManagerScope")) {
      config.topologyManagerScope(TopologyManagerScope.parse(node.get("topologyManagerScope").asText()));
    }
    config.topologyManagerPolicyOptions(strings(node.path("topologyManagerPolicyOptions")));
    if (node.hasNonNull("memoryManagerPolicy")) {
      config.memoryManagerPolicy(MemoryManagerPolicy.parse(node.get("memoryManagerPolicy").asText()));
    }
    for (JsonNode reservation : node.path("reservedMemory")) {
      if (!reservation.path("numaNode").isIntegralNumber()) {
        throw new IllegalArgumentException("reservedMemory: each entry needs an integer \"numaNode\": " + reservation);
      }
      SortedMap<String, Long> limits = new TreeMap<>();
      reservation.path("limits").fields().forEachRemaining(
          limit -> limits.put(limit.getKey(), Quantity.parse(limit.getValue().asText()).bytes()));
      config.putReservedMemory(reservation.get("numaNode").asInt(), limits);
    }
    FeatureGates gates = FeatureGates.defaults();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.path("featureGates").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> gate = it.next();
      if (!gate.getValue().isBoolean()) {
        throw new IllegalArgumentException("featureGates." + gate.getKey() + " must be true or false");
      }
      gates = gates.with(gate.getKey(), gate.getValue().booleanValue());
    }
    return config.featureGates(gates).build();
  }

  /** The configuration in this form: the fields that differ from the kubelet defaults. */
  public static ObjectNode write(NodeConfig config) {
    ObjectNode node = JSON.objectNode();
    node.put("cpuManagerPolicy", config.cpuManagerPolicy().kubeletName());
    putStrings(node, "cpuManagerPolicyOptions", config.cpuManagerPolicyOptions());
    config.reservedSystemCpus().ifPresent(cpus -> node.put("reservedSystemCPUs", cpus.toString()));
    if (config.reservedCpuCount() > 0) {
      node.putObject("kubeReserved").put("cpu", Integer.toString(config.reservedCpuCount()));
    }
    if (config.maxPods() != new NodeConfig.Builder().build().maxPods()) {
      node.put("maxPods", config.maxPods());
    }
    node.put("topologyManagerPolicy", config.topologyManagerPolicy().kubeletName());
    node.put("topologyManagerScope", config.topologyManagerScope().kubeletName());
    putStrings(node, "topologyManagerPolicyOptions", config.topologyManagerPolicyOptions());
    node.put("memoryManagerPolicy", config.memoryManagerPolicy().kubeletName());
    if (!config.reservedMemory().isEmpty()) {
      var reservations = node.putArray("reservedMemory");
      config.reservedMemory().forEach((numa, limits) -> {
        ObjectNode written = reservations.addObject().put("numaNode", numa).putObject("limits");
        limits.forEach((type, bytes) -> written.put(type, Long.toString(bytes)));
      });
    }
    if (!config.featureGates().overrides().isEmpty()) {
      ObjectNode gates = node.putObject("featureGates");
      config.featureGates().overrides().forEach(gates::put);
    }
    return node;
  }

  private static BigDecimal cpu(JsonNode reserved) {
    JsonNode cpu = reserved.get("cpu");
    return cpu == null || cpu.isNull() ? BigDecimal.ZERO : Quantity.parse(cpu.asText()).amount();
  }

  private static SortedMap<String, String> strings(JsonNode map) {
    SortedMap<String, String> values = new TreeMap<>();
    map.fields().forEachRemaining(entry -> values.put(entry.getKey(), entry.getValue().asText()));
    return values;
  }

  private static void putStrings(ObjectNode node, String field, SortedMap<String, String> values) {
    if (!values.isEmpty()) {
      ObjectNode written = node.putObject(field);
      values.forEach(written::put);
    }
  }
}
