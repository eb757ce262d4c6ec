package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link InterchangeableDevices}: answers that differ only in which devices of a resource each
 * container holds, the same containers sharing the same devices throughout, compare equal; answers
 * where devices are shared otherwise, or counts differ, do not.
 */
class InterchangeableDevicesTest {

  private static final Machine MACHINE = new Machine.Builder().from(Machine.ofCpus("m", List.of(Cpu.of(0, 0, 0, 0, 0))))
      .addDevices(Device.of("example.com/gpu", "g0", 0), Device.of("example.com/gpu", "g1", 0), Device.of("example.com/gpu", "g2", 0)).build();

  private static JsonNode answer(String init, String app, String later) throws Exception {
    String step = "{\"decision\": null, \"pods\": {\"p0\": {\"cpus\": null, \"memory\": null, \"containers\": {"
        + "\"init\": {\"cpus\": null, \"memory\": null, \"devices\": {\"example.com/gpu\": " + init + "}}, \"app\": {\"cpus\": null, \"memory\": null, \"devices\": {\"example.com/gpu\": " + app + "}}}}},"
        + " \"podResources\": {\"pods\": [{\"name\": \"p0\", \"cpuIds\": \"\", \"memory\": [], \"containers\": "
        + "[{\"name\": \"app\", \"cpuIds\": \"\", \"memory\": [], \"devices\": "
        + resources(app) + "}]}]}}";
    String next = "{\"decision\": null, \"pods\": {\"p0\": {\"cpus\": null, \"memory\": null, \"containers\": "
        + "{\"app\": {\"cpus\": null, \"memory\": null, \"devices\": {\"example.com/gpu\": "
        + later + "}}}}}}";
    return new ObjectMapper().readTree("{\"steps\": [" + step + ", " + next + "]}");
  }

  private static String resources(String ids) {
    return ids.replaceAll("\"(g\\d)\"", "{\"resource\": \"example.com/gpu\", \"id\": \"$1\", \"numa\": 0}");
  }

  private static boolean same(JsonNode a, JsonNode b) {
    return ScenarioComparator.compare(Differential.expectation(InterchangeableDevices.canonical(MACHINE, a)),
        InterchangeableDevices.canonical(MACHINE, b)).passed();
  }

  @Test
  void theSameSharingWithOtherIdsIsTheSameAnswer() throws Exception {
    JsonNode podtopo = answer("[\"g0\"]", "[\"g0\", \"g1\"]", "[\"g0\", \"g1\"]");
    JsonNode kubelet = answer("[\"g2\"]", "[\"g1\", \"g2\"]", "[\"g1\", \"g2\"]");

    assertThat(same(podtopo, kubelet)).isTrue();
  }

  @Test
  void anInitDeviceTheAppDoesNotReuseIsADifference() throws Exception {
    JsonNode podtopo = answer("[\"g0\"]", "[\"g0\", \"g1\"]", "[\"g0\", \"g1\"]");
    JsonNode kubelet = answer("[\"g2\"]", "[\"g0\", \"g1\"]", "[\"g0\", \"g1\"]");

    assertThat(same(podtopo, kubelet)).isFalse();
  }

  @Test
  void aDeviceThatChangesHandsBetweenStepsIsADifference() throws Exception {
    JsonNode podtopo = answer("[\"g0\"]", "[\"g0\", \"g1\"]", "[\"g0\", \"g1\"]");
    JsonNode kubelet = answer("[\"g0\"]", "[\"g0\", \"g1\"]", "[\"g0\", \"g2\"]");

    assertThat(same(podtopo, kubelet)).isFalse();
  }

  private static JsonNode freedThenTaken(String later) throws Exception {
    String none = "\"cpus\": null, \"memory\": null";
    String first = "{\"decision\": null, \"pods\": {\"p0\": {" + none + ", \"containers\": {\"app\": {" + none
        + ", \"devices\": {\"example.com/gpu\": [\"g0\"]}}}}}}";
    String second = "{\"decision\": null, \"pods\": {\"p1\": {" + none + ", \"containers\": {\"app\": {" + none
        + ", \"devices\": {\"example.com/gpu\": [\"" + later + "\"]}}}}}}";
    return new ObjectMapper().readTree("{\"steps\": [" + first + ", " + second + "]}");
  }

  /** The kubelet draws anew at every allocation: a freed device may or may not be the one taken next. */
  @Test
  void aLaterPodMayGetTheFreedDeviceOrAnother() throws Exception {
    assertThat(same(freedThenTaken("g0"), freedThenTaken("g2"))).isTrue();
  }
}
