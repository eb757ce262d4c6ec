package io.podtopo.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.linux.cgroup.CgroupVersion;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * A parent cgroup made for one test in this machine's cgroup v1 {@code cpuset} hierarchy, allowing
 * all its CPUs and memory nodes, and removed with everything below it when closed (retrying while
 * the kernel still sees exiting processes). Needs root and a v1 cpuset hierarchy; fails saying so.
 */
final class TestCpusetParent implements AutoCloseable {

  private final CpusetHierarchy hierarchy;
  private final String name;

  private TestCpusetParent(CpusetHierarchy hierarchy, String name) {
    this.hierarchy = hierarchy;
    this.name = name;
  }

  /** Creates {@code /podtopo-test-XXXXXXXX} with the root's {@code cpuset.cpus} and {@code cpuset.mems}. */
  static TestCpusetParent create() throws IOException {
    CpusetHierarchy hierarchy = CpusetHierarchy.detect(CpusetHierarchy.SELF_MOUNTINFO);
    assertThat(hierarchy.version()).as("this test needs a cgroup v1 cpuset hierarchy (mount -t cgroup -o cpuset "
        + "cgroup /sys/fs/cgroup/cpuset) and root").isEqualTo(CgroupVersion.V1);
    String name = "podtopo-test-" + UUID.randomUUID().toString().substring(0, 8);
    Path parent = Files.createDirectory(hierarchy.cgroup(name));
    for (String file : List.of("cpuset.cpus", "cpuset.mems")) {
      Files.writeString(parent.resolve(file), Files.readString(hierarchy.mountPoint().resolve(file)).strip());
    }
    return new TestCpusetParent(hierarchy, name);
  }

  /** The cgroup's name in the hierarchy, as the kubelet's {@code --cgroup-root} takes it. */
  String name() {
    return name;
  }

  /** The cgroup's directory. */
  Path path() {
    return hierarchy.cgroup(name);
  }

  @Override
  public void close() throws IOException, InterruptedException {
    List<Path> cgroups;
    try (Stream<Path> paths = Files.walk(path())) {
      cgroups = paths.filter(Files::isDirectory).sorted(Comparator.reverseOrder()).toList();
    }
    for (Path cgroup : cgroups) {
      for (int attempt = 1; ; attempt++) {
        try {
          Files.delete(cgroup);
          break;
        } catch (IOException busy) {
          if (attempt == 50) {
            throw busy;
          }
          Thread.sleep(20);
        }
      }
    }
  }

  /** A field of {@code /proc/PID/status} of a running process, e.g. {@code Cpus_allowed_list}. */
  static String status(Process process, String field) throws IOException {
    try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(process.pid()), "status"))) {
      return lines.filter(line -> line.startsWith(field + ":")).findFirst().orElseThrow().split(":\\s*", 2)[1].strip();
    }
  }
}
