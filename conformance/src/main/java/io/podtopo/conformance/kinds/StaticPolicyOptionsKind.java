package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.StaticPolicyException;
import io.podtopo.domain.cpumanager.StaticPolicyOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code static-policy-options}: {@code NewStaticPolicyOptions(map)}. Output {@code {"error": bool,
 * "message"?, "options": {<upstream field name>: true, ...} | null}} listing the options that are on
 * (upstream field names, e.g. {@code FullPhysicalCPUsOnly}).
 */
public final class StaticPolicyOptionsKind implements VectorKind {

  @Override
  public String name() {
    return "static-policy-options";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    StaticPolicyOptions options;
    try {
      options = StaticPolicyOptions.parse(StaticPolicyInputs.policyOptions(input), StaticPolicyInputs.gates(input));
    } catch (StaticPolicyException e) {
      output.put("error", true);
      output.put("message", e.getMessage());
      output.putNull("options");
      return output;
    }
    output.put("error", false);
    ObjectNode fields = output.putObject("options");
    upstreamFields(options).forEach((field, on) -> {
      if (on) {
        fields.put(field, true);
      }
    });
    return output;
  }

  private static Map<String, Boolean> upstreamFields(StaticPolicyOptions options) {
    Map<String, Boolean> fields = new TreeMap<>();
    fields.put("FullPhysicalCPUsOnly", options.fullPhysicalCpusOnly());
    fields.put("DistributeCPUsAcrossNUMA", options.distributeCpusAcrossNuma());
    fields.put("AlignBySocket", options.alignBySocket());
    fields.put("DistributeCPUsAcrossCores", options.distributeCpusAcrossCores());
    fields.put("StrictCPUReservation", options.strictCpuReservation());
    fields.put("PreferAlignByUncoreCacheOption", options.preferAlignByUncoreCache());
    return fields;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    boolean error = expect.path("error").asBoolean();
    if (output.path("error").asBoolean() != error) {
      differences.add("error: expected " + error + ", got " + output.get("error") + " " + output.path("message"));
    } else if (!error && !expect.path("options").equals(output.path("options"))) {
      differences.add("options: expected " + expect.get("options") + ", got " + output.get("options"));
    }
    return new Verdict(differences);
  }
}
