package io.podtopo.adapters.linux.cgroup;

import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What the real-kernel tests need from this machine, and their clean-up: a cgroup v1 {@code cpuset}
 * hierarchy, root, and at least CPUs 0-1 and memory node 0 in it. A missing piece fails the test with
 * a message saying exactly what is missing: these tests never skip (CI runs on such a machine).
 * Processes started here are killed and reaped, and cgroups made below the test root removed children
 * first, by {@link #cleanUp}. app's tests use it too (this module's test jar).
 */
public final class RealCpusetKernel {

  private final KernelCgroupFs kernel = new KernelCgroupFs();
  private final List<Process> processes = new ArrayList<>();
  private final CpusetHierarchy hierarchy;

  private RealCpusetKernel(CpusetHierarchy hierarchy) {
    this.hierarchy = hierarchy;
  }

  /**
   * This machine's v1 cpuset hierarchy, checked from {@code mountInfo} and {@code status} (normally
   * {@code /proc/self/mountinfo} and {@code /proc/self/status}).
   *
   * @throws AssertionError saying what is missing
   */
  public static RealCpusetKernel require(Path mountInfo, Path status) {
    CpusetHierarchy hierarchy;
    try {
      hierarchy = CpusetHierarchy.detect(mountInfo);
    } catch (CgroupSetupException e) {
      throw new AssertionError("this test needs a cgroup v1 cpuset hierarchy (mount -t cgroup -o cpuset cgroup "
          + "/sys/fs/cgroup/cpuset), but " + e.getMessage());
    }
    if (hierarchy.version() != CgroupVersion.V1) {
      throw new AssertionError("this test needs a cgroup v1 cpuset hierarchy (mount -t cgroup -o cpuset cgroup "
          + "/sys/fs/cgroup/cpuset), but " + mountInfo + " shows the cpuset controller only in the cgroup2 mount at "
          + hierarchy.mountPoint());
    }
    String uid = line(status, "Uid:").split("\\s+")[2];
    if (!uid.equals("0")) {
      throw new AssertionError("this test needs root (effective uid 0) to create cgroups below "
          + hierarchy.mountPoint() + ", but runs with effective uid " + uid);
    }
    RealCpusetKernel kernel = new RealCpusetKernel(hierarchy);
    String cpus = kernel.read(hierarchy.mountPoint().resolve("cpuset.cpus"));
    String mems = kernel.read(hierarchy.mountPoint().resolve("cpuset.mems"));
    if (!CpuSet.of(0, 1).isSubsetOf(CpuSet.parse(cpus)) || !CpuSet.parse(mems).contains(0)) {
      throw new AssertionError("this test needs CPUs 0 and 1 and memory node 0 in " + hierarchy.mountPoint()
          + ", but it has cpus \"" + cpus + "\" and mems \"" + mems + "\"");
    }
    return kernel;
  }

  public CpusetHierarchy hierarchy() {
    return hierarchy;
  }

  /** Makes {@code name} right below the hierarchy's root, with all of the root's cpus and mems. */
  public Path createRoot(String name) throws IOException {
    Path root = hierarchy.mountPoint().resolve(name);
    kernel.createDirectory(root);
    for (CpusetFile file : CpusetFile.values()) {
      kernel.write(root.resolve(file.fileName()), read(hierarchy.mountPoint().resolve(file.fileName())));
    }
    return root;
  }

  /** A {@code sleep 60} process, moved into {@code cgroup}. */
  public Process sleepIn(Path cgroup) throws IOException {
    Process process = new ProcessBuilder("sleep", "60").redirectErrorStream(true).start();
    processes.add(process);
    kernel.write(cgroup.resolve("cgroup.procs"), Long.toString(process.pid()));
    return process;
  }

  /**
   * Kills and reaps {@code process}, then waits up to 10 s until {@code cgroup}, where it ran, holds no
   * process (the kernel may show a reaped process there a moment longer).
   */
  public void kill(Process process, Path cgroup) throws InterruptedException {
    process.destroyForcibly();
    process.waitFor();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!read(cgroup.resolve("cgroup.procs")).isEmpty()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the killed process " + process.pid() + " is still in " + cgroup);
      }
      Thread.sleep(10);
    }
  }

  /** A field of {@code /proc/PID/status}, e.g. {@code Cpus_allowed_list}. */
  public static String status(Process process, String field) {
    return line(Path.of("/proc", Long.toString(process.pid()), "status"), field + ":").split(":\\s*", 2)[1].strip();
  }

  public String read(Path file) {
    try {
      return kernel.read(file).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes {@code value} straight to {@code file}, bypassing the writer. */
  public void write(Path file, String value) throws IOException {
    kernel.write(file, value);
  }

  /**
   * Kills and reaps the processes started here, then removes {@code root} and the cgroups below it,
   * children first. rmdir may see a dying process for a moment, so a busy cgroup is tried again.
   */
  public void cleanUp(Path root) throws IOException, InterruptedException {
    for (Process process : processes) {
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
    if (root == null || !Files.exists(root)) {
      return;
    }
    List<Path> cgroups;
    try (Stream<Path> paths = Files.walk(root)) {
      cgroups = paths.filter(Files::isDirectory).sorted(Comparator.reverseOrder()).toList();
    }
    for (Path cgroup : cgroups) {
      for (int attempt = 1; ; attempt++) {
        try {
          kernel.removeDirectory(cgroup);
          break;
        } catch (FileSystemException busy) {
          if (attempt == 50) {
            throw busy;
          }
          Thread.sleep(20);
        }
      }
    }
  }

  private static String line(Path file, String prefix) {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.filter(line -> line.startsWith(prefix)).findFirst()
          .orElseThrow(() -> new AssertionError(file + " has no line " + prefix));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
