package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * D-1: the memory kind a pod-scope refusal of the Memory Manager names is chosen in Go's map order
 * (found by the differential, seed 10 scenario 1294); the differential compares such answers without it.
 */
class MapOrderedMessagesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode answer(String message) throws Exception {
    return JSON.readTree("{\"steps\": [{\"decision\": {\"admitted\": false, \"reason\": \"EmptyPodSharedPoolError\","
        + " \"message\": \"" + message + "\"}}], \"alternatives\": [{\"steps\": [{\"decision\": {\"message\": \""
        + message + "\"}}]}]}");
  }

  @Test
  void d1_refusalsNamingMemoryOrAHugepageSizeCompareAlike() throws Exception {
    String memory = "pod rejected, sum of exclusive container memory requests equals pod budget, leaving no memory "
        + "for shared containers";
    String hugepages = memory.replace("container memory requests", "container hugepages-2Mi requests");

    JsonNode one = MapOrderedMessages.canonical(answer(memory));
    JsonNode other = MapOrderedMessages.canonical(answer(hugepages));

    assertThat(one).isEqualTo(other);
    assertThat(one.at("/steps/0/decision/message").asText()).isEqualTo("pod rejected, sum of exclusive container "
        + "<memory kind> requests equals pod budget, leaving no memory for shared containers");
    assertThat(one.at("/alternatives/0/steps/0/decision/message").asText()).contains("<memory kind>");
    assertThat(one.at("/steps/0/decision/reason").asText()).as("the rest is kept").isEqualTo("EmptyPodSharedPoolError");
  }

  @Test
  void d1_theSharedInitContainerRefusalToo() {
    assertThat(MapOrderedMessages.withoutKind("pod rejected, pod has shared init containers but no hugepages-1Gi "
        + "available for them")).isEqualTo("pod rejected, pod has shared init containers but no <memory kind> "
        + "available for them");
  }

  @Test
  void d1_otherMessagesAndCpuAreLeftAsTheyAre() {
    String cpu = "pod rejected, sum of exclusive container cpu requests equals pod budget, leaving no memory for "
        + "shared containers";
    assertThat(MapOrderedMessages.withoutKind(cpu)).isEqualTo(cpu);
    assertThat(MapOrderedMessages.withoutKind("Resources cannot be allocated with Topology locality"))
        .isEqualTo("Resources cannot be allocated with Topology locality");
  }
}
