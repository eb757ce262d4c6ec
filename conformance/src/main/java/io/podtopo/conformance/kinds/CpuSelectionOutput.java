package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuAllocationException;
import io.podtopo.domain.cpumanager.CpuSortingStrategy;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.CpuListFormatException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The output shared by the CPU selection kinds, {@code {"error": <text|null>, "cpus": "<cpulist>"}},
 * and its comparison: the error text exactly, the CPUs as sets.
 */
final class CpuSelectionOutput {

  private CpuSelectionOutput() {}

  /** Runs a selection and renders its result or its upstream error text. */
  static JsonNode of(Supplier<CpuSet> selection) {
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    try {
      CpuSet cpus = selection.get();
      output.putNull("error");
      output.put("cpus", cpus.toString());
    } catch (CpuAllocationException e) {
      output.put("error", e.getMessage());
      output.put("cpus", "");
    }
    return output;
  }

  static Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    String expectedError = textOrNull(expect.get("error"));
    String actualError = textOrNull(output.get("error"));
    if (!Objects.equals(expectedError, actualError)) {
      differences.add("error: expected " + quoted(expectedError) + ", got " + quoted(actualError));
    }
    try {
      CpuSet expectedCpus = FixtureJson.cpuSet(expect.get("cpus"));
      CpuSet actualCpus = FixtureJson.cpuSet(output.get("cpus"));
      if (!expectedCpus.equals(actualCpus)) {
        differences.add("cpus: expected \"" + expectedCpus + "\", got \"" + actualCpus + "\"");
      }
    } catch (CpuListFormatException e) {
      differences.add("cpus: " + e.getMessage());
    }
    return new Verdict(differences);
  }

  /** {@code "packed"} or {@code "spread"}. */
  static CpuSortingStrategy strategy(JsonNode input) {
    String name = input.path("cpuSortingStrategy").asText("packed");
    return switch (name) {
      case "packed" -> CpuSortingStrategy.PACKED;
      case "spread" -> CpuSortingStrategy.SPREAD;
      default -> throw new IllegalArgumentException("cpuSortingStrategy must be packed or spread, got " + name);
    };
  }

  /** The required {@code algorithm}: true for {@code numa-distributed}, false for {@code numa-packed}. */
  static boolean distributed(JsonNode input) {
    String algorithm = input.path("algorithm").asText("");
    return switch (algorithm) {
      case "numa-packed" -> false;
      case "numa-distributed" -> true;
      default -> throw new IllegalArgumentException("algorithm must be numa-packed or numa-distributed, got " + algorithm);
    };
  }

  private static String textOrNull(JsonNode node) {
    return node == null || node.isNull() ? null : node.asText();
  }

  private static String quoted(String text) {
    return text == null ? "null" : "\"" + text + "\"";
  }
}
