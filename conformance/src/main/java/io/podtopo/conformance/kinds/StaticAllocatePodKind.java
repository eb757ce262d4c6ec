package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuAllocationResult;
import io.podtopo.domain.cpumanager.ResourceManagerMetrics;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code static-allocate-pod} (KEP-5526): {@code AllocatePod(state, pod)} with the fake Topology
 * Manager (nil hint; FORMAT caveat 5). Output {@code {"error", "assignments", "defaultCPUSet",
 * "podCPUSet", "metrics"}}, metrics being the (cpu, pod) counters and {@code podCPUSet} the pod's
 * entry ({@code ""} without one). As upstream: on an expected error only that an error occurred and
 * {@code allocationErrorsTotal} are compared, and the state left behind only where the expectation
 * says what it is ({@code afterError}: podtopo's own cases, e.g. quirk Q-cpu-partial-bubble).
 */
public final class StaticAllocatePodKind implements VectorKind {

  @Override
  public String name() {
    return "static-allocate-pod";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    StaticPolicy policy = StaticPolicyInputs.policy(input);
    CpuAllocationResult result = policy.allocatePod(StaticPolicyInputs.state(input.path("state")),
        PodJson.pod(input.get("pod")), CpuHintJson.hint(null), QuirkLog.of(Behaviour.KUBELET));
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    if (result.error().isPresent()) {
      output.set("error", CpuErrorJson.json(result.error().get()));
    } else {
      output.putNull("error");
    }
    output.set("assignments", StaticPolicyInputs.assignmentsJson(result.state()));
    output.put("defaultCPUSet", result.state().defaultCpuSet().toString());
    output.put("podCPUSet", result.state().podCpus(PodJson.pod(input.get("pod")).uid()).map(Object::toString).orElse(""));
    ResourceManagerMetrics metrics = result.metrics();
    ObjectNode counters = output.putObject("metrics");
    counters.put("allocationsTotal", metrics.podAllocations());
    counters.put("allocationErrorsTotal", metrics.podAllocationErrors());
    counters.put("exclusiveContainerAssignments", metrics.podExclusiveAssignments());
    counters.put("podSharedPoolContainerAssignments", metrics.podSharedAssignments());
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    boolean wantError = !expect.path("error").isNull() && !expect.path("error").isMissingNode();
    boolean gotError = !output.path("error").isNull() && !output.path("error").isMissingNode();
    if (wantError != gotError) {
      differences.add("error: expected " + expect.get("error") + ", got " + output.get("error"));
    }
    JsonNode expectedMetrics = expect.path("metrics");
    JsonNode actualMetrics = output.path("metrics");
    List<String> counters = wantError ? List.of("allocationErrorsTotal")
        : List.of("allocationsTotal", "allocationErrorsTotal", "exclusiveContainerAssignments",
            "podSharedPoolContainerAssignments");
    for (String counter : counters) {
      if (expectedMetrics.has(counter) && expectedMetrics.path(counter).asInt() != actualMetrics.path(counter).asInt(-1)) {
        differences.add("metrics." + counter + ": expected " + expectedMetrics.get(counter) + ", got "
            + actualMetrics.get(counter));
      }
    }
    JsonNode state = wantError ? expect.path("afterError") : expect;
    if (!wantError || !state.isMissingNode()) {
      String assignments = compareAssignments(state.path("assignments"), output.path("assignments"));
      if (assignments != null) {
        differences.add(assignments);
      }
      String defaults = StaticPolicyInputs.compareCpus("defaultCPUSet", state.get("defaultCPUSet"), output.get("defaultCPUSet"));
      if (defaults != null) {
        differences.add(defaults);
      }
      if (state.has("podCPUSet")) {
        String pod = StaticPolicyInputs.compareCpus("podCPUSet", state.get("podCPUSet"), output.get("podCPUSet"));
        if (pod != null) {
          differences.add(pod);
        }
      }
    }
    return new Verdict(differences);
  }

  private static String compareAssignments(JsonNode expected, JsonNode actual) {
    try {
      return StaticPolicyInputs.assignments(expected).equals(StaticPolicyInputs.assignments(actual))
          ? null : "assignments: expected " + expected + ", got " + actual;
    } catch (RuntimeException e) {
      return "assignments: " + e.getMessage();
    }
  }
}
