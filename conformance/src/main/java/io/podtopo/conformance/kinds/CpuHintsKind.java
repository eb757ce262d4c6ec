package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code cpu-hints}: the static policy's {@code GetTopologyHints} ({@code scope: "container"}) or
 * {@code GetPodTopologyHints} ({@code scope: "pod"}) for {@code cpu}. Output {@code {"hints": [...] |
 * null}}; null is upstream's nil. Compared as sets; upstream treats nil and empty alike.
 */
public final class CpuHintsKind implements VectorKind {

  @Override
  public String name() {
    return "cpu-hints";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    StaticPolicy policy = StaticPolicyInputs.policy(input);
    CpuManagerState state = CpuManagerState.of(FixtureJson.cpuSet(input.get("defaultCPUSet")),
        StaticPolicyInputs.assignments(input.path("assignments")), Map.of());
    Pod pod = PodJson.pod(input.get("pod"));
    Optional<List<TopologyHint>> hints;
    if ("pod".equals(input.path("scope").asText())) {
      hints = policy.podHintList(state, pod, QuirkLog.of(Behaviour.KUBELET));
    } else {
      String name = input.path("container").asText();
      Container container = pod.container(name)
          .orElseThrow(() -> new IllegalArgumentException("pod has no container " + name));
      hints = policy.containerHintList(state, pod, container);
    }
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    if (hints.isPresent()) {
      output.set("hints", CpuHintJson.json(hints.get()));
    } else {
      output.putNull("hints");
    }
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    Set<String> expected = CpuHintJson.canonical(expect.get("hints"));
    Set<String> actual = CpuHintJson.canonical(output.get("hints"));
    return expected.equals(actual) ? Verdict.pass() : Verdict.fail("hints: expected " + expected + ", got " + actual);
  }
}
