package io.podtopo.conformance.kinds;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorFile;
import org.junit.jupiter.api.Test;

/** The take-by-topology comparators: error texts exactly, CPU sets as sets. */
class TakeByTopologyKindTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private final TakeByTopologyKind kind = new TakeByTopologyKind();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }

  @Test
  void cpusAreComparedAsSetsWhateverTheirSpelling() throws Exception {
    assertThat(kind.compare(json("{'error': null, 'cpus': '0,2,4,6-8'}"),
        json("{'error': null, 'cpus': '8,7,6,4,2,0'}")).passed()).isTrue();
  }

  @Test
  void aDifferentCpuOrErrorTextFails() throws Exception {
    assertThat(kind.compare(json("{'error': null, 'cpus': '0-3'}"), json("{'error': null, 'cpus': '0-2,4'}"))
        .passed()).isFalse();
    assertThat(kind.compare(json("{'error': 'failed to allocate cpus', 'cpus': ''}"),
        json("{'error': 'failed to allocate CPUs', 'cpus': ''}")).passed()).isFalse();
    assertThat(kind.compare(json("{'error': 'failed to allocate cpus', 'cpus': ''}"),
        json("{'error': null, 'cpus': ''}")).passed()).isFalse();
  }

  @Test
  void referenceAnswersWithTheUpstreamErrorText() throws Exception {
    JsonNode input = json("{'topology': {'name': 't', 'cpus': [{'id': 0, 'core': 0, 'socket': 0, 'numa': 0},"
        + " {'id': 1, 'core': 1, 'socket': 0, 'numa': 0}]}, 'algorithm': 'numa-packed', 'availableCPUs': '0-1',"
        + " 'numCPUs': 3, 'cpuSortingStrategy': 'packed', 'preferAlignByUncoreCache': false}");
    assertThat(kind.reference(input)).isEqualTo(json(
        "{'error': 'not enough cpus available to satisfy request: requested=3, available=2', 'cpus': ''}"));
  }

  /**
   * The fixture's declared {@code numNUMANodes} decides the walk, as upstream's {@code NumNUMANodes}
   * does ({@code cpu_assignment.go}: NUMA nodes first when {@code NumSockets >= NumNUMANodes}):
   * topoUncoreSingleSocketMultiNuma (one socket, two NUMA nodes) declares none upstream, Go's 0, so
   * NUMA nodes come first and 2 of {1,3,4,8} are taken on NUMA node 0; counted from its CPUs (2), the
   * socket comes first and the CPUs are 1 and 8. Both answers are kubelet v1.37.2's (oracle/kubelet,
   * take-by-topology with the fixture declaring 0 and 2).
   */
  @Test
  void theDeclaredNumberOfNumaNodesDecidesTheWalkAsUpstreamsFixtureDeclaresIt() throws Exception {
    ObjectNode fixture = (ObjectNode) VectorFile.bundled().stream().flatMap(file -> file.cases().stream())
        .map(c -> c.input().path("topology"))
        .filter(topology -> topology.path("name").asText().equals("topoUncoreSingleSocketMultiNuma"))
        .findFirst().orElseThrow().deepCopy();
    assertThat(fixture.get("numNUMANodes").asInt()).as("as upstream declares it").isZero();
    ObjectNode input = (ObjectNode) json("{'algorithm': 'numa-packed', 'availableCPUs': '1,3-4,8', 'numCPUs': 2,"
        + " 'cpuSortingStrategy': 'packed', 'preferAlignByUncoreCache': false}");

    input.set("topology", fixture);
    JsonNode declaredNone = kind.reference(input);
    fixture.put("numNUMANodes", 2);
    JsonNode counted = kind.reference(input);
    fixture.remove("numNUMANodes");
    JsonNode absent = kind.reference(input);

    assertThat(declaredNone.get("cpus").asText()).isEqualTo("1,3");
    assertThat(counted.get("cpus").asText()).isEqualTo("1,8");
    assertThat(absent).as("absent: counted from the CPUs").isEqualTo(counted);
  }
}
