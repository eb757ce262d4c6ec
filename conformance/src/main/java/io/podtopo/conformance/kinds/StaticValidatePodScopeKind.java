package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.domain.admission.EmptyPodSharedPoolError;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuEligibility;
import io.podtopo.domain.pod.Pod;
import java.util.Optional;

/**
 * {@code static-validate-pod-scope} (KEP-5526): {@code validatePodScopeResources(pod)}. Output
 * {@code {"error": bool, "message"?}}.
 *
 * <p>The pods are those of the upstream helper
 * {@code makeMultiContainerPodWithOptionsAndPodLevelResources(podCPU, ...)} as the vectors carry them:
 * pod-level CPU {@code podCPU} and memory 1G request = limit, and 1G memory on every container with a
 * CPU request. The pod is read as written; nothing is assumed (decision D-9, retired).
 */
public final class StaticValidatePodScopeKind implements VectorKind {

  @Override
  public String name() {
    return "static-validate-pod-scope";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    Pod pod = PodJson.pod(input.get("pod"));
    Optional<EmptyPodSharedPoolError> error =
        new CpuEligibility(StaticPolicyInputs.gates(input)).validatePodScopeResources(pod);
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    output.put("error", error.isPresent());
    error.ifPresent(e -> output.put("message", e.message()));
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    boolean expected = expect.path("error").asBoolean();
    return output.path("error").asBoolean() == expected && output.path("error").isBoolean()
        ? Verdict.pass() : Verdict.fail("error: expected " + expected + ", got " + output.get("error") + " "
            + output.path("message").asText(""));
  }
}
