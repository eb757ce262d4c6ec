package io.podtopo.conformance.kinds;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
}
