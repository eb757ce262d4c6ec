package io.podtopo.adapters.linux.sysfs;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;

/** A small sysfs tree written file by file into a test folder. */
final class FakeSysfs {

  static final String CPU = "sys/devices/system/cpu/";
  static final String NODE = "sys/devices/system/node/";

  private final Path root;

  FakeSysfs(Path root) {
    this.root = root;
  }

  /**
   * A 1-package machine of 4 cores with 2 threads (CPUs i and i+4), all online, one NUMA node
   * {@code 0-7} of 1 GiB, one L3 with id 0 shared by all.
   */
  static FakeSysfs smallMachine(Path root) {
    FakeSysfs tree = new FakeSysfs(root).file(CPU + "online", "0-7\n");
    for (int cpu = 0; cpu < 8; cpu++) {
      tree.cpu(cpu, "0", (cpu % 4) + "," + (cpu % 4 + 4), cpu % 4).l3(cpu, "0-7", "0");
    }
    return tree.node(0, "0-7", 1 << 20).file(NODE + "node0/distance", "10\n");
  }

  Path root() {
    return root;
  }

  FakeSysfs file(String path, String content) {
    return bytes(path, content.getBytes(StandardCharsets.ISO_8859_1));
  }

  FakeSysfs bytes(String path, byte[] content) {
    try {
      Path file = root.resolve(path);
      Files.createDirectories(file.getParent());
      Files.write(file, content);
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  FakeSysfs delete(String path) {
    try (Stream<Path> files = Files.walk(root.resolve(path))) {
      for (Path file : files.sorted((a, b) -> b.compareTo(a)).toList()) {
        Files.delete(file);
      }
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A CPU's topology: package id as written, sibling list, core id. */
  FakeSysfs cpu(int cpu, String packageId, String siblings, int coreId) {
    String topology = CPU + "cpu" + cpu + "/topology/";
    return file(topology + "physical_package_id", packageId + "\n")
        .file(topology + "thread_siblings_list", siblings + "\n")
        .file(topology + "core_id", coreId + "\n");
  }

  /** A CPU's L3 as {@code cache/index3} (after L1d, L1i and L2 entries); {@code id} null for none. */
  FakeSysfs l3(int cpu, String sharedList, String id) {
    String cache = CPU + "cpu" + cpu + "/cache/";
    file(cache + "index0/level", "1\n").file(cache + "index0/type", "Data\n")
        .file(cache + "index1/level", "1\n").file(cache + "index1/type", "Instruction\n")
        .file(cache + "index2/level", "2\n").file(cache + "index2/type", "Unified\n")
        .file(cache + "index3/level", "3\n").file(cache + "index3/type", "Unified\n")
        .file(cache + "index3/shared_cpu_list", sharedList + "\n");
    return id == null ? this : file(cache + "index3/id", id + "\n");
  }

  /** A NUMA node with a cpulist and a MemTotal in kB. */
  FakeSysfs node(int node, String cpulist, long memTotalKb) {
    return file(NODE + "node" + node + "/cpulist", cpulist + "\n")
        .file(NODE + "node" + node + "/meminfo", "Node " + node + " MemTotal:       " + memTotalKb
            + " kB\nNode " + node + " MemFree:        1 kB\n");
  }

  /** The kernel's link from a CPU's folder to its node. */
  FakeSysfs link(int cpu, int node) {
    try {
      Path link = root.resolve(CPU + "cpu" + cpu + "/node" + node);
      Files.createDirectories(link.getParent());
      Files.createSymbolicLink(link, Path.of("../../node/node" + node));
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  SysfsTopology read() {
    return SysfsTopology.read(root);
  }

  /** This tree packed as {@code archive} (.tar.gz, .tgz or .tar.bz2), under {@code top} ("" for none). */
  Path pack(Path archive, String top) {
    try (OutputStream file = Files.newOutputStream(archive);
        OutputStream compressed = archive.toString().endsWith(".bz2")
            ? new BZip2CompressorOutputStream(file) : new GzipCompressorOutputStream(file);
        TarArchiveOutputStream tar = new TarArchiveOutputStream(compressed);
        Stream<Path> walk = Files.walk(root)) {
      tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      for (Path path : walk.filter(Files::isRegularFile).sorted().toList()) {
        String name = (top.isEmpty() ? "" : top + "/") + root.relativize(path).toString().replace('\\', '/');
        TarArchiveEntry entry = new TarArchiveEntry(path.toFile(), name);
        tar.putArchiveEntry(entry);
        Files.copy(path, tar);
        tar.closeArchiveEntry();
      }
      tar.finish();
      return archive;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
