package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.cpumanager.StaticPolicyException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code static-start}: {@code NewStaticPolicy} then {@code Start(state)}. Output
 * {@code {"newPolicyError", "startError", "defaultCPUSet"}}: error texts exactly, the default set as
 * a set.
 */
public final class StaticStartKind implements VectorKind {

  @Override
  public String name() {
    return "static-start";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    output.putNull("newPolicyError");
    output.putNull("startError");
    output.putNull("defaultCPUSet");
    StaticPolicy policy;
    try {
      policy = StaticPolicyInputs.policy(input);
    } catch (StaticPolicyException e) {
      output.put("newPolicyError", e.getMessage());
      return output;
    }
    try {
      CpuManagerState started = policy.start(StaticPolicyInputs.state(input.path("state")));
      output.put("defaultCPUSet", started.defaultCpuSet().toString());
    } catch (StaticPolicyException e) {
      output.put("startError", e.getMessage());
    }
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    for (String field : List.of("newPolicyError", "startError")) {
      String expected = text(expect.get(field));
      String actual = text(output.get(field));
      if (!Objects.equals(expected, actual)) {
        differences.add(field + ": expected " + expected + ", got " + actual);
      }
    }
    JsonNode expectedDefault = expect.get("defaultCPUSet");
    if (expectedDefault != null && !expectedDefault.isNull()) {
      String difference = StaticPolicyInputs.compareCpus("defaultCPUSet", expectedDefault, output.get("defaultCPUSet"));
      if (difference != null) {
        differences.add(difference);
      }
    }
    return new Verdict(differences);
  }

  private static String text(JsonNode node) {
    return node == null || node.isNull() ? null : node.asText();
  }
}
