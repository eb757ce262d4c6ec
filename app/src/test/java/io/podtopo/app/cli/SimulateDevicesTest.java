package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code podtopo simulate} with devices: machines and pods that ask for them, and the bad inputs (DEV-14). */
class SimulateDevicesTest {

  private static final String GPU_POD = """
      apiVersion: v1
      kind: Pod
      metadata: {name: infer}
      spec:
        containers:
          - name: model
            resources:
              limits: {cpu: "2", memory: 2Gi, nvidia.com/gpu: %s}
      """;

  @TempDir
  Path dir;

  private Path machineJson(String devices) throws IOException {
    return Files.writeString(dir.resolve("gpus.json"), """
        {"name": "gpus",
         "cpus": [{"id": 0, "socket": 0, "core": 0, "uncoreCache": 0, "numa": 0},
                  {"id": 1, "socket": 0, "core": 1, "uncoreCache": 0, "numa": 0},
                  {"id": 2, "socket": 1, "core": 2, "uncoreCache": 2, "numa": 1},
                  {"id": 3, "socket": 1, "core": 3, "uncoreCache": 2, "numa": 1}],
         "numaNodes": [{"id": 0, "cpus": "0-1", "memoryBytes": 8589934592},
                       {"id": 1, "cpus": "2-3", "memoryBytes": 8589934592}],
         "numaDistances": null,
         "devices": %s}
        """.formatted(devices));
  }

  private static void assertOneLineUsageError(CliRun run, String expected) {
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().lines()).singleElement().asString().isEqualTo("podtopo simulate: error: " + expected);
  }

  @Test
  void aDeviceOnANumaNodeTheMachineLacksIsOneLineExit2_dev14() throws IOException {
    Path machine = machineJson("[{\"resource\": \"nvidia.com/gpu\", \"id\": \"GPU-0\", \"numa\": 2}]");
    assertOneLineUsageError(CliRun.reference("simulate", "--machine", machine.toString()),
        machine + ": gpus: device \"GPU-0\" of \"nvidia.com/gpu\" is on NUMA node 2, which the machine does not have"
            + " [0, 1]");
  }

  @Test
  void aDuplicateDeviceIdIsOneLineExit2_dev14() throws IOException {
    Path machine = machineJson("[{\"resource\": \"nvidia.com/gpu\", \"id\": \"GPU-0\", \"numa\": 0},"
        + " {\"resource\": \"nvidia.com/gpu\", \"id\": \"GPU-0\", \"numa\": 1}]");
    assertOneLineUsageError(CliRun.reference("simulate", "--machine", machine.toString()),
        machine + ": gpus: device \"GPU-0\" of \"nvidia.com/gpu\" is listed twice");
    assertOneLineUsageError(CliRun.reference("simulate", "--machine", "2s2n4c,dev=nvidia.com/gpu:1,dev=nvidia.com/gpu:2"),
        "--machine: machine shape \"2s2n4c,dev=nvidia.com/gpu:1,dev=nvidia.com/gpu:2\": part \"dev=nvidia.com/gpu:2\":"
            + " devices of \"nvidia.com/gpu\" are given twice");
  }

  @Test
  void aFractionalDeviceRequestIsOneLineExit2_dev14() throws IOException {
    Path pod = Files.writeString(dir.resolve("half.yaml"), GPU_POD.formatted("\"0.5\""));
    assertOneLineUsageError(CliRun.reference("simulate", "--machine", "gpu-2s", "--pods", pod.toString()),
        pod + ": pod default/infer: Pod \"infer\" is invalid: [spec.containers[0].resources.limits[nvidia.com/gpu]:"
            + " Invalid value: \"500m\": must be an integer, spec.containers[0].resources.requests[nvidia.com/gpu]:"
            + " Invalid value: \"500m\": must be an integer]");
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path EXAMPLE = Path.of("..", "examples", "gpu-inference");

  private static JsonNode gpuExample(String scope) throws IOException {
    CliRun run = CliRun.reference("simulate", "--machine", "gpu-2s", "--kubelet-config",
        EXAMPLE.resolve("kubelet-" + scope + "-scope.yaml").toString(), "--pods", EXAMPLE.resolve("pods").toString(),
        "--format", "json");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
    return JSON.readTree(run.out()).path("runs").get(0);
  }

  private static JsonNode pod(JsonNode run, String name) {
    for (JsonNode pod : run.path("pods")) {
      if (pod.path("name").asText().equals(name)) {
        return pod;
      }
    }
    throw new AssertionError("no pod " + name);
  }

  private static JsonNode container(JsonNode pod, String name) {
    for (JsonNode container : pod.path("containers")) {
      if (container.path("name").asText().equals(name)) {
        return container;
      }
    }
    throw new AssertionError("no container " + name);
  }

  @Test
  void podScopeTheGpuPodsBubbleMemoryGpuAndNicShareOneNumaNodeAndTheReplicaFollowsTheFreeNic_dev10()
      throws IOException {
    JsonNode run = gpuExample("pod");
    JsonNode first = pod(run, "inference");
    assertThat(first.path("numaAffinity").toString()).isEqualTo("[0]");
    assertThat(first.path("podCpus").asText()).isEqualTo("1-4,33-36");
    assertThat(first.path("podMemory").get(0).path("numaNodes").toString()).isEqualTo("[0]");
    assertThat(container(first, "model-server").path("devices").toString()).isEqualTo(
        "[{\"resource\":\"intel.com/sriov_netdevice\",\"ids\":[\"sriov_netdevice-0\"],\"numaNodes\":[0]},"
            + "{\"resource\":\"nvidia.com/gpu\",\"ids\":[\"gpu-0\"],\"numaNodes\":[0]}]");
    assertThat(container(first, "log-shipper").path("devices").toString()).isEqualTo("[]");
    JsonNode replica = pod(run, "inference-replica");
    assertThat(replica.path("numaAffinity").toString()).isEqualTo("[1]");
    assertThat(replica.path("podCpus").asText()).isEqualTo("16-19,48-51");
    assertThat(replica.path("podMemory").get(0).path("numaNodes").toString()).isEqualTo("[1]");
    assertThat(container(replica, "model-server").path("devices").toString())
        .contains("\"sriov_netdevice-1\"", "\"gpu-2\"").doesNotContain("[0]");
  }

  @Test
  void containerScopeTheModelServersCpusMemoryGpuAndNicShareOneNumaNode_dev10() throws IOException {
    JsonNode run = gpuExample("container");
    for (String name : java.util.List.of("inference", "inference-replica")) {
      JsonNode server = container(pod(run, name), "model-server");
      String node = server.path("memory").get(0).path("numaNodes").toString();
      assertThat(node).isIn("[0]", "[1]");
      server.path("devices").forEach(device -> assertThat(device.path("numaNodes").toString()).isEqualTo(node));
      assertThat(server.path("devices")).hasSize(2);
      assertThat(pod(run, name).path("podCpus").isNull()).isTrue();
    }
    assertThat(container(pod(run, "inference"), "model-server").path("cpus").asText()).isEqualTo("1-3,33-35");
    assertThat(container(pod(run, "inference-replica"), "model-server").path("cpus").asText()).isEqualTo("16-18,48-50");
  }

  @Test
  void theTableHasADevicesColumnTheMapDrawsEachDeviceOnItsNodeWithItsHolderAndExplainShowsDeviceHints_dev10() {
    CliRun run = CliRun.reference("simulate", "--machine", "gpu-2s", "--kubelet-config",
        EXAMPLE.resolve("kubelet-pod-scope.yaml").toString(), "--pods", EXAMPLE.resolve("pods").toString(), "--explain");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
    assertThat(run.outLines()).filteredOn(line -> line.startsWith("POD ")).singleElement().asString()
        .contains(" MEMORY ", " DEVICES ", " VERDICT");
    assertThat(run.outLines()).anySatisfy(line -> assertThat(line).matches("ml/inference +model-server .* 24Gi @0 +"
        + "intel.com/sriov_netdevice sriov_netdevice-0@0; nvidia.com/gpu gpu-0@0 +admitted"));
    assertThat(run.out()).contains(
        "    devices: intel.com/sriov_netdevice sriov_netdevice-0 (ml/inference model-server)\n"
            + "             nvidia.com/gpu gpu-0 (ml/inference model-server), gpu-1 (free)\n",
        "    device manager: intel.com/sriov_netdevice {1 preferred} {0,1 not preferred}; nvidia.com/gpu {0 preferred}"
            + " {1 preferred} {0,1 not preferred}",
        "    devices model-server: intel.com/sriov_netdevice sriov_netdevice-1@1; nvidia.com/gpu gpu-2@1");
    assertThat(run.outLines()).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(200));
  }

  @Test
  void aMachineWithoutDevicesKeepsItsTableAndMapAsTheyWere_d40() {
    CliRun run = CliRun.reference("simulate");
    assertThat(run.out()).doesNotContain("DEVICES", "devices:", "device manager");
  }

  @Test
  void theHtmlReportDrawsEveryDeviceOnItsNumaNodeWithItsHolder_dev10() {
    CliRun run = CliRun.reference("simulate", "--machine", "gpu-2s", "--kubelet-config",
        EXAMPLE.resolve("kubelet-pod-scope.yaml").toString(), "--pods", EXAMPLE.resolve("pods").toString(),
        "--format", "html");
    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).contains(
        "<g class=\"device\" data-device=\"nvidia.com/gpu gpu-0\" data-holder=\"ml/inference model-server\"",
        "<g class=\"device\" data-device=\"nvidia.com/gpu gpu-2\" data-holder=\"ml/inference-replica model-server\"",
        "<g class=\"device\" data-device=\"nvidia.com/gpu gpu-1\" transform=",
        "nvidia.com/gpu gpu-1 on NUMA node 0: free", "<th>DEVICES</th>");
  }
}
