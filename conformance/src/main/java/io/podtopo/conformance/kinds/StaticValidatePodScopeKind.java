package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuEligibility;
import io.podtopo.domain.cpumanager.EmptyPodSharedPoolError;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import java.util.Optional;

/**
 * {@code static-validate-pod-scope} (KEP-5526): {@code validatePodScopeResources(pod)}. Output
 * {@code {"error": bool, "message"?}}.
 *
 * <p>The upstream helper {@code makeMultiContainerPodWithOptionsAndPodLevelResources(podCPU, ...)}
 * builds a Guaranteed pod-level pod; the vectors carry only its CPU ({@code podCPU}), so a pod-level
 * memory request = limit is added when the pod declares none (FORMAT caveat 6: the helpers' memory
 * values are not transcribed). Without it the pod would be Burstable and its budget 0.
 */
public final class StaticValidatePodScopeKind implements VectorKind {

  /** The pod-level memory assumed for the helper's pods. */
  static final Quantity ASSUMED_POD_MEMORY = Quantity.parse("1Gi");

  @Override
  public String name() {
    return "static-validate-pod-scope";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    Pod pod = PodJson.pod(input.get("pod"));
    if (!pod.podRequests().containsKey(Resources.MEMORY) && !pod.podLimits().containsKey(Resources.MEMORY)) {
      pod = new Pod.Builder().from(pod)
          .putPodRequest(Resources.MEMORY, ASSUMED_POD_MEMORY)
          .putPodLimit(Resources.MEMORY, ASSUMED_POD_MEMORY)
          .build();
    }
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
