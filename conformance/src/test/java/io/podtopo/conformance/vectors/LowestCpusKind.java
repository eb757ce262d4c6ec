package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A test-only kind for the suite's self-tests ({@code selftest/selftest.json}): take the
 * {@code numCPUs} lowest of the {@code available} CPUs; the hint's affinity is the set of their NUMA
 * nodes, preferred when that is one node. Its comparator works like the real ones: cpulists
 * canonically, affinities as sets.
 */
final class LowestCpusKind implements VectorKind {

  static final VectorKinds KINDS = new VectorKinds(List.of(new LowestCpusKind()));

  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public String name() {
    return "lowest-cpus";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    Machine machine = FixtureJson.machine(input.get("topology"));
    CpuSet cpus = CpuSet.parse(input.get("available").asText()).firstN(input.get("numCPUs").asInt());
    TreeSet<Integer> nodes = new TreeSet<>();
    machine.cpus().stream().filter(cpu -> cpus.contains(cpu.id())).forEach(cpu -> nodes.add(cpu.numaNode()));
    ObjectNode output = JSON.createObjectNode();
    output.put("cpus", cpus.toString());
    ObjectNode hint = output.putObject("hint");
    nodes.forEach(hint.putArray("numaAffinity")::add);
    hint.put("preferred", nodes.size() == 1);
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    CpuSet expectedCpus = CpuSet.parse(expect.get("cpus").asText());
    CpuSet actualCpus = CpuSet.parse(output.path("cpus").asText(""));
    if (!expectedCpus.equals(actualCpus)) {
      differences.add("cpus: expected \"" + expectedCpus + "\", got \"" + actualCpus + "\"");
    }
    TreeSet<Integer> expectedNodes = nodes(expect.path("hint").path("numaAffinity"));
    TreeSet<Integer> actualNodes = nodes(output.path("hint").path("numaAffinity"));
    if (!expectedNodes.equals(actualNodes)) {
      differences.add("hint.numaAffinity: expected " + expectedNodes + ", got " + actualNodes);
    }
    JsonNode preferred = output.path("hint").path("preferred");
    if (!preferred.isBoolean() || preferred.asBoolean() != expect.path("hint").path("preferred").asBoolean()) {
      differences.add("hint.preferred: expected " + expect.path("hint").path("preferred") + ", got " + preferred);
    }
    return new Verdict(differences);
  }

  private static TreeSet<Integer> nodes(JsonNode array) {
    TreeSet<Integer> nodes = new TreeSet<>();
    array.forEach(node -> nodes.add(node.asInt()));
    return nodes;
  }
}
