package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.cpumanager.CpuAssignmentForResize;
import io.podtopo.domain.cpumanager.CpuSortingStrategy;
import io.podtopo.domain.cpumanager.CpuTopology;
import io.podtopo.domain.topology.CpuSet;

/**
 * {@code take-by-topology-resize}: upstream {@code takeByTopologyNUMAPackedForResize} /
 * {@code takeByTopologyNUMADistributedForResize} with the container's {@code allocatedCPUs} and
 * {@code baselineCPUs}.
 */
public final class TakeByTopologyResizeKind implements VectorKind {

  @Override
  public String name() {
    return "take-by-topology-resize";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    CpuTopology topo = FixtureJson.cpuTopology(input.get("topology"));
    CpuSet available = FixtureJson.cpuSet(input.get("availableCPUs"));
    CpuSet allocated = FixtureJson.cpuSet(input.get("allocatedCPUs"));
    CpuSet baseline = FixtureJson.cpuSet(input.get("baselineCPUs"));
    int numCpus = input.path("numCPUs").asInt();
    CpuSortingStrategy strategy = CpuSelectionOutput.strategy(input);
    if (CpuSelectionOutput.distributed(input)) {
      int groupSize = input.path("cpuGroupSize").asInt(1);
      boolean alignBySocket = input.path("alignBySocket").asBoolean(false);
      return CpuSelectionOutput.of(() -> CpuAssignmentForResize.takeByTopologyNumaDistributed(
          topo, available, numCpus, groupSize, strategy, alignBySocket, allocated, baseline));
    }
    boolean uncore = input.path("preferAlignByUncoreCache").asBoolean(false);
    return CpuSelectionOutput.of(() -> CpuAssignmentForResize.takeByTopologyNumaPacked(
        topo, available, numCpus, strategy, uncore, allocated, baseline));
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    return CpuSelectionOutput.compare(expect, output);
  }
}
