package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.conformance.json.MachineJson;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.ScenarioStep;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Devices in node scenarios (FORMAT.md, node-scenario): the machine's devices and a restart's devices
 * are read and written back equal; the reference answer gives each container's devices and the
 * PodResources devices; the comparator checks them, and a container the expectation does not list
 * must hold none.
 */
class ScenarioDevicesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }

  private static final String MACHINE = "{'name': 'gpus', 'cpus': [{'id': 0, 'core': 0, 'socket': 0, 'numa': 0},"
      + " {'id': 1, 'core': 1, 'socket': 0, 'numa': 0}, {'id': 2, 'core': 2, 'socket': 1, 'numa': 1},"
      + " {'id': 3, 'core': 3, 'socket': 1, 'numa': 1}],"
      + " 'numaNodes': [{'id': 0, 'memoryBytes': 8589934592}, {'id': 1, 'memoryBytes': 8589934592}],"
      + " 'numaDistances': null,"
      + " 'devices': [{'resource': 'nvidia.com/gpu', 'id': 'GPU-0', 'numa': 0},"
      + " {'resource': 'nvidia.com/gpu', 'id': 'GPU-1', 'numa': 1, 'healthy': false},"
      + " {'resource': 'example.com/nic', 'id': 'NIC-0', 'numa': null}]}";

  private static final String GPU_POD = "{'uid': 'p', 'containers': [{'name': 'c', 'resources': {"
      + "'requests': {'cpu': '1', 'memory': '1Gi', 'nvidia.com/gpu': '1'},"
      + " 'limits': {'cpu': '1', 'memory': '1Gi', 'nvidia.com/gpu': '1'}}}]}";

  @Test
  void aMachinesDevicesWithTheirHealthAndNumaNodeRoundTrip() throws Exception {
    Machine machine = FixtureJson.machine(json(MACHINE));

    assertThat(machine.devices()).extracting(Device::toString)
        .containsExactly("example.com/nic/NIC-0", "nvidia.com/gpu/GPU-0@0", "nvidia.com/gpu/GPU-1@1 unhealthy");
    assertThat(FixtureJson.machine(MachineJson.write(machine))).isEqualTo(machine);
  }

  @Test
  void aRestartMayGiveTheDevicesThePluginsReportAfterIt() throws Exception {
    NodeScenario scenario = NodeScenario.read(json("{'machine': " + MACHINE + ", 'steps': [{'restart': {}},"
        + " {'restart': {'devices': " + SICK + "}}]}"));

    assertThat(scenario.steps()).containsExactly(ScenarioStep.restart(), ScenarioStep.restart(
        List.of(sick("nvidia.com/gpu", "GPU-0", 0), sick("nvidia.com/gpu", "GPU-1", 1), Device.of("example.com/nic",
            "NIC-0", null))));
    assertThat(NodeScenario.read(scenario.write())).isEqualTo(scenario);
  }

  @Test
  void aRestartsDevicesAreTheMachinesWithTheirHealthAndNoneDisappears() {
    assertThatThrownBy(() -> NodeScenario.read(json("{'machine': " + MACHINE + ", 'steps': [{'restart': {'devices': "
        + "[{'resource': 'nvidia.com/gpu', 'id': 'GPU-0', 'numa': 0, 'healthy': false}]}}]}")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("step 1: a restart's \"devices\" must be the machine's devices with their health after the restart "
            + "(a device or plugin that disappears is not modelled): the machine has [example.com/nic/NIC-0, "
            + "nvidia.com/gpu/GPU-0@0, nvidia.com/gpu/GPU-1@1], the restart gives [nvidia.com/gpu/GPU-0@0]");
  }

  private static final String SICK = "[{'resource': 'nvidia.com/gpu', 'id': 'GPU-0', 'numa': 0, 'healthy': false},"
        + " {'resource': 'nvidia.com/gpu', 'id': 'GPU-1', 'numa': 1, 'healthy': false},"
        + " {'resource': 'example.com/nic', 'id': 'NIC-0', 'numa': null}]";

  private static Device sick(String resource, String id, int numa) {
    return new Device.Builder().resource(resource).id(id).numaNode(numa).healthy(false).build();
  }

  @Test
  void theReferenceAnswerGivesEachContainersDevicesAndThePodResourcesDevicesAfterARestartTheMachineItGives()
      throws Exception {
    JsonNode answer = ReferenceScenarioRun.answer(NodeScenario.read(json("{'machine': " + MACHINE
        + ", 'kubelet': {'cpuManagerPolicy': 'static', 'reservedSystemCPUs': '0'},"
        + " 'steps': [{'admit': " + GPU_POD + "}, {'removePod': 'p'},"
        + " {'restart': {'devices': " + SICK + "}},"
        + " {'admit': " + GPU_POD + "}]}")));

    JsonNode admitted = answer.get("steps").get(0);
    assertThat(admitted.at("/pods/p/containers/c/devices")).isEqualTo(json("{'nvidia.com/gpu': ['GPU-0']}"));
    assertThat(admitted.at("/podResources/pods/0/containers/0/devices"))
        .isEqualTo(json("[{'resource': 'nvidia.com/gpu', 'id': 'GPU-0', 'numa': 0}]"));
    JsonNode afterRestart = answer.get("steps").get(3).get("decision");
    assertThat(afterRestart.get("admitted").asBoolean()).isFalse();
    assertThat(afterRestart.get("message").asText()).contains("nvidia.com/gpu");
  }

  @Test
  void aContainersDevicesAreComparedAsSetsPerResource() throws Exception {
    JsonNode expect = json("{'steps': [{'pods': {'p': {'cpus': null, 'memory': null, 'containers': {'c': {"
        + "'cpus': '1', 'memory': null, 'devices': {'nvidia.com/gpu': ['GPU-1', 'GPU-0']}}}}}}]}");

    assertThat(ScenarioComparator.compare(expect, answerWithDevices("{'nvidia.com/gpu': ['GPU-0', 'GPU-1']}"))
        .passed()).isTrue();
    assertThat(ScenarioComparator.compare(expect, answerWithDevices("{'nvidia.com/gpu': ['GPU-0', 'GPU-2']}"))
        .differences()).containsExactly("step 1 pods.p.containers.c.devices: expected {nvidia.com/gpu=[GPU-0, GPU-1]},"
            + " got {nvidia.com/gpu=[GPU-0, GPU-2]}");
    assertThat(ScenarioComparator.compare(expect, answerWithDevices("{}")).passed()).isFalse();
  }

  @Test
  void aContainerTheExpectationDoesNotListMustHoldNoDeviceAndOneListedWithoutDevicesIsNotCheckedForThem()
      throws Exception {
    JsonNode unlisted = json("{'steps': [{'pods': {'p': {'cpus': null, 'memory': null, 'containers': {}}}}]}");
    JsonNode withoutDevices = json("{'steps': [{'pods': {'p': {'cpus': null, 'memory': null, 'containers': {"
        + "'c': {'cpus': '1', 'memory': null}}}}}]}");

    assertThat(ScenarioComparator.compare(unlisted, answerWithDevices("{'nvidia.com/gpu': ['GPU-0']}"))
        .differences()).contains("step 1 pods.p.containers.c.devices: expected {}, got {nvidia.com/gpu=[GPU-0]}");
    assertThat(ScenarioComparator.compare(withoutDevices, answerWithDevices("{'nvidia.com/gpu': ['GPU-0']}"))
        .passed()).isTrue();
  }

  @Test
  void thePodResourcesDevicesAreComparedWithTheirNumaNode() throws Exception {
    JsonNode expect = json("{'steps': [{'podResources': {'pods': [{'name': 'p', 'namespace': 'default', 'cpuIds': '',"
        + " 'memory': [], 'containers': [{'name': 'c', 'cpuIds': '1', 'memory': [],"
        + " 'devices': [{'resource': 'nvidia.com/gpu', 'id': 'GPU-0', 'numa': 0}]}]}]}}]}");

    assertThat(ScenarioComparator.compare(expect, podResourcesWithDevice("0")).passed()).isTrue();
    assertThat(ScenarioComparator.compare(expect, podResourcesWithDevice("1")).differences()).containsExactly(
        "step 1 podResources.pods[0].containers[c].devices: expected [nvidia.com/gpu/GPU-0@0], got "
            + "[nvidia.com/gpu/GPU-0@1]");
    assertThat(ScenarioComparator.compare(expect, podResourcesWithDevice("null")).passed()).isFalse();
  }

  private static JsonNode answerWithDevices(String devices) throws Exception {
    return json("{'steps': [{'pods': {'p': {'cpus': null, 'memory': null, 'containers': {'c': {"
        + "'cpus': '1', 'memory': null, 'devices': " + devices + "}}}}}]}");
  }

  private static JsonNode podResourcesWithDevice(String numa) throws Exception {
    return json("{'steps': [{'podResources': {'pods': [{'name': 'p', 'namespace': 'default', 'cpuIds': '',"
        + " 'memory': [], 'containers': [{'name': 'c', 'cpuIds': '1', 'memory': [],"
        + " 'devices': [{'resource': 'nvidia.com/gpu', 'id': 'GPU-0', 'numa': " + numa + "}]}]}]}}]}");
  }
}
