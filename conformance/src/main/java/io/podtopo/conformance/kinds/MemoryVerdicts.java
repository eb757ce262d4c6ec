package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.MemoryStateJson;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.memorymanager.StaticMemoryPolicy;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the {@code memory-*} kinds share: building the policy from an input, the output shape
 * {@code {error, assignments, machineState}}, and the comparison of what upstream asserts (the error
 * text; without an error, the assignments with blocks as multisets and the machine state field by
 * field, cells as sets).
 */
final class MemoryVerdicts {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private MemoryVerdicts() {}

  /** The policy of an input: {@code machineInfo} (null for none), {@code systemReserved}, gates. */
  static StaticMemoryPolicy policy(JsonNode input) {
    FeatureGates gates = FeatureGates.defaults();
    for (Iterator<Map.Entry<String, JsonNode>> it = input.path("featureGates").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> gate = it.next();
      gates = gates.with(gate.getKey(), gate.getValue().asBoolean());
    }
    return StaticMemoryPolicy.create(MemoryStateJson.machineInfo(input.path("machineInfo")),
        MemoryStateJson.reservedMemory(input.path("systemReserved")), gates);
  }

  static ObjectNode success(MemoryManagerState state) {
    ObjectNode output = JSON.objectNode();
    output.putNull("error");
    output.set("assignments", MemoryStateJson.write(state.containerEntries()));
    output.set("machineState", MemoryStateJson.write(state.machineState()));
    return output;
  }

  static ObjectNode failure(String message) {
    ObjectNode output = JSON.objectNode();
    output.put("error", message);
    output.putNull("assignments");
    output.putNull("machineState");
    return output;
  }

  /** The error as upstream compares it: equal texts, or both null. */
  static List<String> compareError(JsonNode expect, JsonNode output) {
    String expected = text(expect.get("error"));
    String actual = text(output.get("error"));
    return Objects.equals(expected, actual)
        ? List.of()
        : List.of("error: expected " + quoted(expected) + ", got " + quoted(actual));
  }

  static Verdict compareState(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>(compareError(expect, output));
    if (!differences.isEmpty() || text(expect.get("error")) != null) {
      return new Verdict(differences);
    }
    compareAssignments(expect.path("assignments"), output.path("assignments"), differences);
    compareMachineState(expect.path("machineState"), output.path("machineState"), differences);
    return new Verdict(differences);
  }

  private static void compareAssignments(JsonNode expected, JsonNode actual, List<String> differences) {
    var expectedEntries = MemoryStateJson.assignments(expected);
    var actualEntries = MemoryStateJson.assignments(actual);
    if (!expectedEntries.keySet().equals(actualEntries.keySet())) {
      differences.add("assignments: expected pods " + expectedEntries.keySet() + ", got " + actualEntries.keySet());
      return;
    }
    expectedEntries.forEach((pod, containers) -> {
      var actualContainers = actualEntries.get(pod);
      if (!containers.keySet().equals(actualContainers.keySet())) {
        differences.add("assignments[" + pod + "]: expected containers " + containers.keySet() + ", got "
            + actualContainers.keySet());
        return;
      }
      containers.forEach((container, blocks) -> {
        if (!multiset(blocks).equals(multiset(actualContainers.get(container)))) {
          differences.add("assignments[" + pod + "][" + container + "]: expected " + blocks + ", got "
              + actualContainers.get(container));
        }
      });
    });
  }

  private static Map<String, Integer> multiset(List<MemoryBlock> blocks) {
    Map<String, Integer> counts = new TreeMap<>();
    blocks.forEach(block -> counts.merge(new TreeSet<>(block.numaAffinity()) + " " + block.type() + " "
        + block.size(), 1, Integer::sum));
    return counts;
  }

  private static void compareMachineState(JsonNode expected, JsonNode actual, List<String> differences) {
    var expectedState = MemoryStateJson.machineState(expected);
    var actualState = MemoryStateJson.machineState(actual);
    if (!expectedState.nodes().keySet().equals(actualState.nodes().keySet())) {
      differences.add("machineState: expected nodes " + expectedState.nodes().keySet() + ", got "
          + actualState.nodes().keySet());
      return;
    }
    expectedState.nodes().forEach((id, node) -> {
      var other = actualState.nodes().get(id);
      if (node.numberOfAssignments() != other.numberOfAssignments()) {
        differences.add("machineState[" + id + "].numberOfAssignments: expected " + node.numberOfAssignments()
            + ", got " + other.numberOfAssignments());
      }
      if (!new TreeSet<>(node.cells()).equals(new TreeSet<>(other.cells()))) {
        differences.add("machineState[" + id + "].cells: expected " + node.cells() + ", got " + other.cells());
      }
      if (!node.memoryMap().equals(other.memoryMap())) {
        differences.add("machineState[" + id + "].memoryMap: expected " + node.memoryMap() + ", got "
            + other.memoryMap());
      }
    });
  }

  private static String text(JsonNode node) {
    return node == null || node.isNull() ? null : node.asText();
  }

  private static String quoted(String text) {
    return text == null ? "null" : "\"" + text + "\"";
  }
}
