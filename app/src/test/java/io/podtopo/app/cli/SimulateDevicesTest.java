package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
        pod + ": pod default/infer: containers[0] \"model\": resources.limits.nvidia.com/gpu: \"0.5\" must be an"
            + " integer (extended resources are whole devices)");
  }
}
