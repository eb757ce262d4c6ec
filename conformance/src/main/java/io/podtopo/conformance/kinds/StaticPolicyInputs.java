package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;
import java.util.Iterator;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads the inputs shared by the static-policy kinds: {@code featureGates}, {@code policyOptions},
 * {@code topology} with {@code numReservedCPUs}/{@code reservedCPUs}, and a {@code state}
 * ({@code defaultCPUSet}, {@code assignments}); writes assignments back as JSON.
 */
final class StaticPolicyInputs {

  private StaticPolicyInputs() {}

  static FeatureGates gates(JsonNode input) {
    Map<String, Boolean> gates = new TreeMap<>();
    fields(input.path("featureGates")).forEach((name, value) -> gates.put(name, value.asBoolean()));
    return FeatureGates.of(gates);
  }

  static Map<String, String> policyOptions(JsonNode input) {
    Map<String, String> options = new TreeMap<>();
    fields(input.path("policyOptions")).forEach((name, value) -> options.put(name, value.asText()));
    return options;
  }

  /** The policy upstream's test builds with {@code NewStaticPolicy}. */
  static StaticPolicy policy(JsonNode input) {
    FeatureGates gates = gates(input);
    return StaticPolicy.create(FixtureJson.cpuTopology(input.get("topology")),
        input.path("numReservedCPUs").asInt(0), FixtureJson.cpuSet(input.get("reservedCPUs")),
        StaticPolicyOptions.parse(policyOptions(input), gates), gates, "none", QuirkLog.of(Behaviour.KUBELET));
  }

  /** A {@code {"defaultCPUSet", "assignments"}} object. */
  static CpuManagerState state(JsonNode state) {
    return CpuManagerState.of(FixtureJson.cpuSet(state.get("defaultCPUSet")), assignments(state.path("assignments")),
        Map.of());
  }

  /** {@code {podUID: {container: cpulist}}}. */
  static SortedMap<String, SortedMap<String, CpuSet>> assignments(JsonNode node) {
    SortedMap<String, SortedMap<String, CpuSet>> assignments = new TreeMap<>();
    fields(node).forEach((pod, containers) -> {
      SortedMap<String, CpuSet> byContainer = new TreeMap<>();
      fields(containers).forEach((container, cpus) -> byContainer.put(container, FixtureJson.cpuSet(cpus)));
      assignments.put(pod, byContainer);
    });
    return assignments;
  }

  static ObjectNode assignmentsJson(CpuManagerState state) {
    ObjectNode json = JsonNodeFactory.instance.objectNode();
    state.entries().forEach((pod, containers) -> {
      ObjectNode byContainer = json.putObject(pod);
      containers.forEach((container, cpus) -> byContainer.put(container, cpus.toString()));
    });
    return json;
  }

  static Map<String, JsonNode> fields(JsonNode node) {
    Map<String, JsonNode> fields = new TreeMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      fields.put(field.getKey(), field.getValue());
    }
    return fields;
  }

  /** A cpulist field compared as a set; a difference line or null. */
  static String compareCpus(String field, JsonNode expected, JsonNode actual) {
    if (actual == null || actual.isNull() || !actual.isTextual()) {
      return field + ": expected \"" + expected.asText() + "\", got " + actual;
    }
    CpuSet want = FixtureJson.cpuSet(expected);
    CpuSet got = CpuSet.parse(actual.asText());
    return want.equals(got) ? null : field + ": expected \"" + want + "\", got \"" + got + "\"";
  }
}
