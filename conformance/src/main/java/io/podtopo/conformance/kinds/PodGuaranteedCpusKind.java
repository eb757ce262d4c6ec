package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuEligibility;

/** {@code pod-guaranteed-cpus}: upstream {@code podGuaranteedCPUs(pod)}; output {@code {"guaranteedCPUs": n}}. */
public final class PodGuaranteedCpusKind implements VectorKind {

  @Override
  public String name() {
    return "pod-guaranteed-cpus";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    long cpus = new CpuEligibility(StaticPolicyInputs.gates(input)).podGuaranteedCpus(PodJson.pod(input.get("pod")));
    return JsonNodeFactory.instance.objectNode().put("guaranteedCPUs", cpus);
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    long expected = expect.path("guaranteedCPUs").asLong();
    JsonNode actual = output.get("guaranteedCPUs");
    return actual != null && actual.isIntegralNumber() && actual.canConvertToLong() && actual.asLong() == expected
        ? Verdict.pass() : Verdict.fail("guaranteedCPUs: expected " + expected + ", got " + actual);
  }
}
