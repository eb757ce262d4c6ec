package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuAllocationResult;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code static-allocate-sequence}: {@code allocate-all} allocates every container (init containers,
 * then app containers) with the fake Topology Manager; {@code remove} removes one container. Output
 * {@code {"defaultCPUSetAfterAllocate", "defaultCPUSetAfterRemove"?, "errors": [...]}}.
 */
public final class StaticAllocateSequenceKind implements VectorKind {

  @Override
  public String name() {
    return "static-allocate-sequence";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    StaticPolicy policy = StaticPolicyInputs.policy(input);
    CpuManagerState state = StaticPolicyInputs.state(input.path("state"));
    Pod pod = PodJson.pod(input.get("pod"));
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    ArrayNode errors = output.putArray("errors");
    for (JsonNode step : input.path("steps")) {
      String op = step.path("op").asText();
      switch (op) {
        case "allocate-all" -> {
          for (Container container : pod.initAndAppContainers()) {
            CpuAllocationResult result = policy.allocate(state, pod, container, TopologyHint.any(false), QuirkLog.of(Behaviour.KUBELET));
            result.error().ifPresent(error -> errors.add(container.name() + ": " + error.message()));
            state = result.state();
          }
          output.put("defaultCPUSetAfterAllocate", state.defaultCpuSet().toString());
        }
        case "remove" -> {
          state = policy.removeContainer(state, pod.uid(), step.path("container").asText());
          output.put("defaultCPUSetAfterRemove", state.defaultCpuSet().toString());
        }
        default -> throw new IllegalArgumentException("unknown step op " + op);
      }
    }
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    for (String field : List.of("defaultCPUSetAfterAllocate", "defaultCPUSetAfterRemove")) {
      JsonNode expected = expect.get(field);
      if (expected != null && !expected.isNull()) {
        String difference = StaticPolicyInputs.compareCpus(field, expected, output.get(field));
        if (difference != null) {
          differences.add(difference);
        }
      }
    }
    if (output.path("errors").size() > 0) {
      differences.add("unexpected allocation errors: " + output.get("errors"));
    }
    return new Verdict(differences);
  }
}
