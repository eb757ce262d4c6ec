package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.podtopo.domain.topology.Machine;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for the sysfs reader: any tree is a topology whose machine the kubelet could run on, or
 * a {@link SysfsException} naming the file at fault in one line. Three kinds of trees: generated
 * from the fuzz bytes and written to a folder, the real machines of {@code fixtures/sysfs} with
 * files replaced, removed and copied, and tar archives. Replays {@code SysfsFuzzTestInputs/} in
 * every build; {@code -Pfuzz} fuzzes it (docs/guide/fuzzing.md).
 */
class SysfsFuzzTest {

  /** The fixtures of up to 1000 files, unpacked once: small enough to change and read a thousand times a second. */
  private static final List<MemoryTree> FIXTURES = Fixtures.archives().stream()
      .filter(name -> List.of("2ps3-2t", "4fake-4gr1nu1pu", "2i386-2c-nohugepage", "2i386-2t-hugepagesizecount",
          "2arm-2c", "fakeheterocpunuma", "8em64t-2s4c-asymcaches", "8ia64-2n2s2c", "20s390-2g6s4c",
          "16em64t-4s2c2t-offlines", "16amd64-8n2c", "16ia64-8n2s", "16amd64-4n4c-cgroup-distance-merge")
          .contains(name))
      .map(MemoryTree::ofFixture)
      .toList();

  private static final String CPU = DirectoryTree.CPU_FOLDER + "/";
  private static final String NODE = NodeScan.NODE + "/";

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aGeneratedTreeIsAMachineOrASysfsError_in1(FuzzedDataProvider data) throws IOException {
    Map<String, byte[]> files = new HashMap<>();
    int cpus = data.consumeInt(1, 8);
    int nodes = data.consumeInt(1, 3);
    file(files, data, CPU + "online", "0-" + (cpus - 1));
    for (int cpu = 0; cpu < cpus; cpu++) {
      String folder = CPU + "cpu" + cpu + "/";
      file(files, data, folder + "online", "1");
      file(files, data, folder + "topology/physical_package_id", Integer.toString(cpu % 2));
      file(files, data, folder + "topology/core_id", Integer.toString(cpu % 4));
      file(files, data, folder + "topology/thread_siblings_list", (cpu % 4) + "," + (cpu % 4 + 4));
      file(files, data, folder + "topology/core_cpus", "ff");
      file(files, data, folder + "cache/index3/level", "3");
      file(files, data, folder + "cache/index3/type", "Unified");
      file(files, data, folder + "cache/index3/shared_cpu_list", "0-" + (cpus - 1));
      file(files, data, folder + "cache/index3/shared_cpu_map", "ff");
      file(files, data, folder + "cache/index3/id", "0");
    }
    for (int node = 0; node < nodes; node++) {
      String folder = NODE + "node" + node + "/";
      file(files, data, folder + "cpulist", node == 0 ? "0-" + (cpus - 1) : "");
      file(files, data, folder + "cpumap", node == 0 ? "ff" : "0");
      file(files, data, folder + "meminfo", "Node " + node + " MemTotal:       1048576 kB\n");
      file(files, data, folder + "distance", node == 0 ? "10 20 20" : "20 10 20");
      file(files, data, folder + "hugepages/hugepages-2048kB/nr_hugepages", "16");
    }
    file(files, data, "proc/meminfo", "MemTotal:       2097152 kB\n");
    Path root = Files.createTempDirectory("podtopo-sysfs-fuzz");
    try {
      new MemoryTree("generated", files).writeTo(root);
      assertMachineOrSysfsError(() -> SysfsTopology.read(root));
    } finally {
      deleteRecursively(root);
    }
  }

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aChangedFixtureTreeIsAMachineOrASysfsError_in1(FuzzedDataProvider data) {
    MemoryTree tree = FIXTURES.get(data.consumeInt(0, FIXTURES.size() - 1)).copy();
    int changes = data.consumeInt(0, 8);
    for (int i = 0; i < changes; i++) {
      List<String> paths = tree.paths();
      if (paths.isEmpty()) {
        break;
      }
      String path = paths.get(data.consumeInt(0, paths.size() - 1));
      switch (data.consumeInt(0, 3)) {
        case 0 -> tree.put(path, data.consumeBytes(data.consumeInt(0, 64)));
        case 1 -> tree.remove(path);
        case 2 -> tree.removeFolder(path.substring(0, Math.max(0, path.lastIndexOf('/'))));
        default -> tree.put(path.replaceFirst("[0-9]+", Integer.toString(data.consumeInt(0, 300))), tree.read(path));
      }
    }
    assertMachineOrSysfsError(() -> SysfsReader.read(tree, DeviceMapping.defaults()));
  }

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void anArchiveIsAMachineOrASysfsError_in1(byte[] tarBytes) throws IOException {
    Path folder = Files.createTempDirectory("podtopo-sysfs-fuzz");
    try {
      Path archive = folder.resolve("machine.tar.gz");
      ByteArrayOutputStream gzipped = new ByteArrayOutputStream();
      try (GzipCompressorOutputStream gzip = new GzipCompressorOutputStream(gzipped)) {
        gzip.write(tarBytes);
      }
      Files.write(archive, gzipped.toByteArray());
      assertMachineOrSysfsError(() -> SysfsTopology.read(archive));
    } finally {
      deleteRecursively(folder);
    }
  }

  /** The generated content of a file, or fuzzed bytes instead, or no such file. */
  private static void file(Map<String, byte[]> files, FuzzedDataProvider data, String path, String content) {
    switch (data.consumeInt(0, 5)) {
      case 0 -> files.put(path, data.consumeBytes(data.consumeInt(0, 24)));
      case 1 -> { }
      default -> files.put(path, (content + "\n").getBytes(StandardCharsets.US_ASCII));
    }
  }

  private interface Read {
    SysfsTopology read();
  }

  private static void assertMachineOrSysfsError(Read read) {
    SysfsTopology topology;
    try {
      topology = read.read();
    } catch (SysfsException e) {
      assertThat(e.getMessage()).isNotBlank().doesNotContain("\n", "\r");
      return;
    }
    Machine machine = topology.toMachine();
    assertThat(machine.cpus()).hasSameSizeAs(topology.cpus());
    assertThat(SysfsTopology.fromJson(topology.toJson()).toMachine().cpus()).extracting(cpu -> cpu.id())
        .isEqualTo(machine.cpus().stream().map(cpu -> cpu.id()).toList());
  }

  private static void deleteRecursively(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
