package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuAssignment;
import io.podtopo.domain.cpumanager.CpuSortingStrategy;
import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topology.CpuSet;

/**
 * {@code take-by-topology}: upstream {@code takeByTopologyNUMAPacked} /
 * {@code takeByTopologyNUMADistributed} on a fixture topology.
 */
public final class TakeByTopologyKind implements VectorKind {

  @Override
  public String name() {
    return "take-by-topology";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    CpuTopology topo = FixtureJson.cpuTopology(input.get("topology"));
    CpuSet available = FixtureJson.cpuSet(input.get("availableCPUs"));
    int numCpus = input.path("numCPUs").asInt();
    CpuSortingStrategy strategy = CpuSelectionOutput.strategy(input);
    if (CpuSelectionOutput.distributed(input)) {
      int groupSize = input.path("cpuGroupSize").asInt(1);
      boolean alignBySocket = input.path("alignBySocket").asBoolean(false);
      return CpuSelectionOutput.of(() ->
          CpuAssignment.takeByTopologyNumaDistributed(topo, available, numCpus, groupSize, strategy, alignBySocket, QuirkLog.of(Behaviour.KUBELET)));
    }
    boolean uncore = input.path("preferAlignByUncoreCache").asBoolean(false);
    return CpuSelectionOutput.of(() ->
        CpuAssignment.takeByTopologyNumaPacked(topo, available, numCpus, strategy, uncore));
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return CpuSelectionOutput.compare(expect, output);
  }
}
