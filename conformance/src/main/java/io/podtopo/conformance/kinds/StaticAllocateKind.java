package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
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
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code static-allocate}: {@code Allocate(state, pod, container)} with the fake Topology Manager's
 * hint. Output {@code {"error", "allocated", "containerCPUs", "defaultCPUSet"}}; as upstream, the
 * container's CPUs must also be disjoint from the default set afterwards.
 */
public final class StaticAllocateKind implements VectorKind {

  @Override
  public String name() {
    return "static-allocate";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    StaticPolicy policy = StaticPolicyInputs.policy(input);
    CpuManagerState state = StaticPolicyInputs.state(input.path("state"));
    Pod pod = PodJson.pod(input.get("pod"));
    String name = input.path("container").asText();
    Container container = pod.container(name)
        .orElseThrow(() -> new IllegalArgumentException("pod has no container " + name));
    CpuAllocationResult result = policy.allocate(state, pod, container, CpuHintJson.hint(input.get("topologyHint")), QuirkLog.of(Behaviour.KUBELET));
    ObjectNode output = JsonNodeFactory.instance.objectNode();
    if (result.error().isPresent()) {
      output.set("error", CpuErrorJson.json(result.error().get()));
    } else {
      output.putNull("error");
    }
    Optional<CpuSet> cpus = result.state().containerCpus(pod.uid(), name);
    output.put("allocated", cpus.isPresent());
    if (cpus.isPresent()) {
      output.put("containerCPUs", cpus.get().toString());
    } else {
      output.putNull("containerCPUs");
    }
    output.put("defaultCPUSet", result.state().defaultCpuSet().toString());
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    String error = CpuErrorJson.compare(expect.get("error"), output.get("error"));
    if (error != null) {
      differences.add(error);
    }
    boolean allocated = expect.path("allocated").asBoolean();
    if (output.path("allocated").asBoolean() != allocated) {
      differences.add("allocated: expected " + allocated + ", got " + output.get("allocated"));
    } else if (allocated) {
      String cpus = StaticPolicyInputs.compareCpus("containerCPUs", expect.get("containerCPUs"), output.get("containerCPUs"));
      if (cpus != null) {
        differences.add(cpus);
      } else if (CpuSet.parse(output.path("containerCPUs").asText())
          .intersects(CpuSet.parse(output.path("defaultCPUSet").asText("")))) {
        differences.add("containerCPUs " + output.get("containerCPUs") + " overlap the default set "
            + output.get("defaultCPUSet"));
      }
    }
    return new Verdict(differences);
  }
}
