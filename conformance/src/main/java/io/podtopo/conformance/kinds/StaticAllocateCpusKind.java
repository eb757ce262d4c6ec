package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.StaticPolicy;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import java.util.Optional;

/**
 * {@code static-allocate-cpus}: the policy's {@code allocateCPUs(numCPUs, numaAffinity, reusable)}
 * after {@code Start}. Output {@code {"error", "cpus"}}.
 */
public final class StaticAllocateCpusKind implements VectorKind {

  @Override
  public String name() {
    return "static-allocate-cpus";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    StaticPolicy policy = StaticPolicyInputs.policy(input);
    CpuManagerState state = policy.start(StaticPolicyInputs.state(input.path("state")));
    return CpuSelectionOutput.of(() -> policy.allocateCpus(state, input.path("numCPUs").asInt(),
        Optional.ofNullable(FixtureJson.numaMask(input.get("numaAffinity"))),
        FixtureJson.cpuSet(input.get("reusableCPUs")), QuirkLog.of(Behaviour.KUBELET)));
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return CpuSelectionOutput.compare(expect, output);
  }
}
