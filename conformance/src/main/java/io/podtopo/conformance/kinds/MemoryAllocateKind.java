package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.json.MemoryStateJson;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.admission.UnexpectedAdmissionError;
import io.podtopo.domain.memorymanager.MemoryAllocationResult;
import io.podtopo.domain.memorymanager.MemoryManagerException;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;

/**
 * {@code memory-allocate}: upstream {@code Allocate(state, pod, container)} with the fake Topology
 * Manager's hint, on the given state (no {@code Start}); the error, and without one the state
 * afterwards.
 */
public final class MemoryAllocateKind implements VectorKind {

  @Override
  public String name() {
    return "memory-allocate";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    try {
      Pod pod = PodJson.pod(input.path("pod"));
      String name = input.path("container").asText();
      Container container = pod.container(name)
          .orElseThrow(() -> new IllegalArgumentException("the pod has no container \"" + name + "\""));
      MemoryAllocationResult result = MemoryVerdicts.policy(input).allocate(MemoryStateJson.state(input.path("state")),
          pod, container, MemoryStateJson.hint(input.path("topologyHint")), QuirkLog.of(Behaviour.KUBELET));
      // Allocate refuses only with the Memory Manager's untyped error: its own text is upstream's
      return result.error().map(error -> MemoryVerdicts.failure(((UnexpectedAdmissionError) error).error()))
          .orElseGet(() -> MemoryVerdicts.success(result.state()));
    } catch (MemoryManagerException e) {
      return MemoryVerdicts.failure(e.getMessage()); // the policy refused its configuration
    }
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return MemoryVerdicts.compareState(expect, output);
  }
}
