package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.StaticPolicy;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code static-remove}: {@code RemoveContainer(state, podUID, container)}. Output
 * {@code {"defaultCPUSet", "containerAssignmentPresent"}}.
 */
public final class StaticRemoveKind implements VectorKind {

  @Override
  public String name() {
    return "static-remove";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    StaticPolicy policy = StaticPolicyInputs.policy(input);
    String podUid = input.path("podUID").asText();
    String container = input.path("container").asText();
    CpuManagerState state = policy.removeContainer(StaticPolicyInputs.state(input.path("state")), podUid, container);
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    output.put("defaultCPUSet", state.defaultCpuSet().toString());
    output.put("containerAssignmentPresent", state.containerCpus(podUid, container).isPresent());
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    String cpus = StaticPolicyInputs.compareCpus("defaultCPUSet", expect.get("defaultCPUSet"), output.get("defaultCPUSet"));
    if (cpus != null) {
      differences.add(cpus);
    }
    boolean present = expect.path("containerAssignmentPresent").asBoolean();
    if (output.path("containerAssignmentPresent").asBoolean() != present) {
      differences.add("containerAssignmentPresent: expected " + present + ", got " + output.get("containerAssignmentPresent"));
    }
    return new Verdict(differences);
  }
}
