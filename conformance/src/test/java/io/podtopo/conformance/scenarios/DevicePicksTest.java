package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

/**
 * {@link DevicePicks}: the {@code devicePicks} of a node scenario (FORMAT.md) are, for each admit
 * step, the devices podtopo's answer gives each container of the admitted pod at that step, null for
 * the other steps and for a pod holding none; a scenario without devices held sends none; podtopo
 * answers alike with or without them.
 */
class DevicePicksTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String MACHINE = "{'name': 'gpus', 'cpus': [{'id': 0, 'core': 0, 'socket': 0, 'numa': 0},"
      + " {'id': 1, 'core': 1, 'socket': 0, 'numa': 0}, {'id': 2, 'core': 2, 'socket': 1, 'numa': 1},"
      + " {'id': 3, 'core': 3, 'socket': 1, 'numa': 1}],"
      + " 'numaNodes': [{'id': 0, 'memoryBytes': 8589934592}, {'id': 1, 'memoryBytes': 8589934592}],"
      + " 'numaDistances': null,"
      + " 'devices': [{'resource': 'example.com/gpu', 'id': 'gpu-0', 'numa': 0},"
      + " {'resource': 'example.com/gpu', 'id': 'gpu-1', 'numa': 0},"
      + " {'resource': 'example.com/gpu', 'id': 'gpu-2', 'numa': 1}]}";

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }

  private static String pod(String uid, String gpus) {
    return "{'admit': {'uid': '" + uid + "', 'containers': [{'name': 'app', 'resources': {"
        + "'requests': {'example.com/gpu': '" + gpus + "'}, 'limits': {'example.com/gpu': '" + gpus + "'}}},"
        + " {'name': 'sidecar'}]}}";
  }

  @Test
  void eachAdmitStepPicksTheDevicesPodtopoGaveThePodsContainersThen() throws Exception {
    NodeScenario scenario = NodeScenario.read(json("{'machine': " + MACHINE + ", 'kubelet': {'topologyManagerPolicy':"
        + " 'single-numa-node'}, 'steps': [" + pod("p0", "1") + ", {'restart': {}}, " + pod("p1", "2") + ", "
        + pod("p2", "0") + "]}"));
    JsonNode podtopo = ReferenceScenarioRun.answer(scenario);

    JsonNode picks = DevicePicks.of(scenario, podtopo);

    assertThat(picks).hasSize(4);
    assertThat(picks.get(0)).isEqualTo(json("{'app': {'example.com/gpu': ['gpu-0']}}"));
    assertThat(picks.get(1).isNull()).as("a restart admits no pod").isTrue();
    // p1 asks for 2 GPUs on one node: node 0 has one left, so it is refused and holds none.
    assertThat(podtopo.path("steps").get(2).path("decision").path("admitted").asBoolean()).isFalse();
    assertThat(picks.get(2).isNull()).as("a refused pod holds no device").isTrue();
    assertThat(picks.get(3).isNull()).as("a pod asking for no device").isTrue();
  }

  @Test
  void aScenarioWhoseContainersHoldNoDeviceSendsNoPicks() throws Exception {
    NodeScenario scenario = NodeScenario.read(json("{'machine': " + MACHINE + ", 'steps': [" + pod("p0", "0")
        + "]}"));

    ObjectNode input = DevicePicks.added(scenario.write(), scenario, ReferenceScenarioRun.answer(scenario));

    assertThat(input.has("devicePicks")).isFalse();
  }

  @Test
  void podtopoAnswersAScenarioAlikeWithOrWithoutPicks() throws Exception {
    NodeScenario scenario = NodeScenario.read(json("{'machine': " + MACHINE + ", 'steps': [" + pod("p0", "1") + ", "
        + pod("p1", "1") + "]}"));
    JsonNode podtopo = ReferenceScenarioRun.answer(scenario);
    ObjectNode input = DevicePicks.added(scenario.write(), scenario, podtopo);
    ((ObjectNode) input.path("devicePicks").get(0)).set("app", json("{'example.com/gpu': ['gpu-2']}"));

    assertThat(ReferenceScenarioRun.answer(NodeScenario.read(input))).isEqualTo(podtopo);
  }
}
