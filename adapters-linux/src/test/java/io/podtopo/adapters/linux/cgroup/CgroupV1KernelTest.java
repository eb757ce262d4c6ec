package io.podtopo.adapters.linux.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriteException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CgroupCpusetWriter} on this machine's real cgroup v1 cpuset hierarchy: a real process in a
 * container cgroup runs on exactly the cpus and mems written ({@code /proc/PID/status}), the kernel
 * really refuses the wrong order the writer avoids, a batch it refuses is undone, and a released pod's
 * cgroups are removed once no process is left in them. Each test works below its own
 * {@code podtopo-test-<run>-<n>} cgroup and removes it, whatever happens. Needs root and the
 * hierarchy; fails, never skips, without them ({@link RealCpusetKernel}).
 */
class CgroupV1KernelTest {

  private static final String RUN = "podtopo-test-" + UUID.randomUUID().toString().substring(0, 8);
  private static int tests;

  private RealCpusetKernel kernel;
  private Path root;
  private CgroupCpusetWriter writer;

  @BeforeEach
  void createTestRoot() throws IOException {
    kernel = RealCpusetKernel.require(CpusetHierarchy.SELF_MOUNTINFO, Path.of("/proc/self/status"));
    root = kernel.createRoot(RUN + "-" + ++tests);
    writer = new CgroupCpusetWriter(CgroupLayout.of(root, CgroupDriver.CGROUPFS), CgroupVersion.V1,
        RetryPolicy.defaults());
  }

  @AfterEach
  void removeTestRoot() throws Exception {
    if (kernel != null) {
      kernel.cleanUp(root);
      assertThat(root).doesNotExist();
    }
  }

  @AfterAll
  static void nothingIsLeftInTheHierarchy() throws IOException {
    Path hierarchy = RealCpusetKernel.require(CpusetHierarchy.SELF_MOUNTINFO, Path.of("/proc/self/status"))
        .hierarchy().mountPoint();
    try (Stream<Path> cgroups = Files.list(hierarchy)) {
      assertThat(cgroups.map(cgroup -> cgroup.getFileName().toString())).noneMatch(name -> name.startsWith(RUN));
    }
  }

  private static CpusetWrite app(String pod, String cpus, int... mems) {
    return CpusetWrite.of(pod, "app", CpuSet.parse(cpus), NumaMask.of(mems));
  }

  private Path container(String pod) {
    return root.resolve("pod" + pod).resolve("podtopo-app");
  }

  @Test
  void aProcessInAContainerCgroupRunsOnExactlyTheCpusAndMemsWrittenAsTheyWidenAndNarrow() throws IOException {
    writer.apply(List.of(app("p1", "1", 0)));
    Process sleep = kernel.sleepIn(container("p1"));

    assertThat(RealCpusetKernel.status(sleep, "Cpus_allowed_list")).isEqualTo("1");
    assertThat(RealCpusetKernel.status(sleep, "Mems_allowed_list")).isEqualTo("0");

    writer.apply(List.of(app("p1", "0-1", 0)));

    assertThat(RealCpusetKernel.status(sleep, "Cpus_allowed_list")).isEqualTo("0-1");
    assertThat(kernel.read(root.resolve("podp1/cpuset.cpus"))).isEqualTo("0-1");

    writer.apply(List.of(app("p1", "0", 0)));

    assertThat(RealCpusetKernel.status(sleep, "Cpus_allowed_list")).isEqualTo("0");
    assertThat(RealCpusetKernel.status(sleep, "Mems_allowed_list")).isEqualTo("0");
    assertThat(kernel.read(root.resolve("podp1/cpuset.cpus"))).isEqualTo("0");
    assertThat(kernel.read(root.resolve("podp1/cpuset.mems"))).isEqualTo("0");
  }

  @Test
  void theKernelRefusesAChildOutsideItsParentAndAParentNarrowerThanAChildSoTheWriterWidensFirst() throws IOException {
    writer.apply(List.of(app("p1", "1", 0)));
    Process sleep = kernel.sleepIn(container("p1"));

    assertThatThrownBy(() -> kernel.write(container("p1").resolve("cpuset.cpus"), "0"))
        .isInstanceOf(IOException.class).hasMessage("Permission denied");
    assertThatThrownBy(() -> kernel.write(root.resolve("podp1/cpuset.cpus"), "0"))
        .isInstanceOf(IOException.class).hasMessage("Device or resource busy");

    writer.apply(List.of(app("p1", "0", 0)));

    assertThat(RealCpusetKernel.status(sleep, "Cpus_allowed_list")).isEqualTo("0");
    assertThat(kernel.read(root.resolve("podp1/cpuset.cpus"))).isEqualTo("0");
  }

  @Test
  void aPodTheRootDoesNotAllowIsRefusedWithTheKernelsPermissionDenied() throws IOException {
    writer.apply(List.of(app("p1", "1", 0)));
    kernel.write(root.resolve("cpuset.cpus"), "1");

    assertThatThrownBy(() -> writer.apply(List.of(app("p1", "0", 0))))
        .isInstanceOf(CpusetWriteException.class)
        .hasMessage("cgroup " + root.resolve("podp1") + ": cannot write \"0-1\" to cpuset.cpus: Permission denied "
            + "(tried 3 times); nothing had been changed");
    assertThat(kernel.read(container("p1").resolve("cpuset.cpus"))).isEqualTo("1");
  }

  @Test
  void aNewCgroupStartsEmptyAndTakesNoProcessUntilItHasCpusAndMems() throws IOException {
    Path bare = Files.createDirectory(root.resolve("bare"));

    assertThat(kernel.read(bare.resolve("cpuset.cpus"))).isEmpty();
    assertThat(kernel.read(bare.resolve("cpuset.mems"))).isEmpty();
    assertThatThrownBy(() -> kernel.sleepIn(bare)).hasMessage("No space left on device");

    writer.apply(List.of(app("p1", "1", 0)));

    assertThat(RealCpusetKernel.status(kernel.sleepIn(container("p1")), "Cpus_allowed_list")).isEqualTo("1");
  }

  @Test
  void aBatchTheKernelRefusesHalfwayIsUndoneAndTheRunningProcessGetsItsCpusBack() throws IOException {
    writer.apply(List.of(app("p1", "1", 0)));
    Process sleep = kernel.sleepIn(container("p1"));

    assertThatThrownBy(() -> writer.apply(List.of(app("p1", "0", 0), app("p2", "1", 1))))
        .isInstanceOf(CpusetWriteException.class)
        .hasMessage("cgroup " + root.resolve("podp2") + ": cannot write \"1\" to cpuset.mems: Invalid argument "
            + "(tried 3 times); undid the batch's 5 earlier changes");

    assertThat(RealCpusetKernel.status(sleep, "Cpus_allowed_list")).isEqualTo("1");
    assertThat(kernel.read(root.resolve("podp1/cpuset.cpus"))).isEqualTo("1");
    assertThat(root.resolve("podp2")).doesNotExist();
  }

  /**
   * Issue 24 item 12: the kernel refuses to remove a cgroup that holds a process ({@code Device or
   * resource busy}); the writer tries again, reports it, and once the process is gone removes the
   * released pod's cgroups, containers first.
   */
  @Test
  void issue24_item12_aReleasedPodsCgroupsAreRemovedOnceTheKernelHasNoProcessInThem() throws Exception {
    writer.apply(List.of(app("p1", "1", 0), CpusetWrite.of("p1", "log", CpuSet.parse("0"), NumaMask.of(0)),
        app("p2", "0", 0)));
    Process sleep = kernel.sleepIn(container("p1"));

    assertThatThrownBy(() -> writer.removePod("p1"))
        .isInstanceOf(CpusetWriteException.class)
        .hasMessage("cgroup " + container("p1") + ": cannot remove it: Device or resource busy (tried 3 times)");
    assertThat(root.resolve("podp1/podtopo-log")).isDirectory();

    kernel.kill(sleep, container("p1"));
    writer.removePod("p1");

    assertThat(root.resolve("podp1")).doesNotExist();
    assertThat(kernel.read(container("p2").resolve("cpuset.cpus"))).isEqualTo("0");
  }

  @Test
  void emptyingTheCpusOfACgroupWithAProcessIsRefusedWithNoSpaceLeftOnDeviceAndUndone() throws IOException {
    writer.apply(List.of(app("p1", "1", 0)));
    Process sleep = kernel.sleepIn(container("p1"));

    assertThatThrownBy(() -> writer.apply(List.of(app("p1", "", 0))))
        .isInstanceOf(CpusetWriteException.class)
        .hasMessage("cgroup " + container("p1") + ": cannot write \"\" to cpuset.cpus: No space left on device "
            + "(tried 3 times); nothing had been changed");

    assertThat(RealCpusetKernel.status(sleep, "Cpus_allowed_list")).isEqualTo("1");
  }
}
