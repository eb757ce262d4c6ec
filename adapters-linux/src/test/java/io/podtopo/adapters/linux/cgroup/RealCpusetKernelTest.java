package io.podtopo.adapters.linux.cgroup;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The real-kernel tests fail, saying what is missing, on a machine without what they need. */
class RealCpusetKernelTest {

  @TempDir
  Path dir;

  private Path file(String name, String... lines) throws IOException {
    return Files.write(dir.resolve(name), List.of(lines));
  }

  @Test
  void aNodeWithCpusetsOnlyInCgroup2FailsTheKernelTestsNamingTheMissingV1Hierarchy() throws IOException {
    Path mountInfo = file("mountinfo", "25 1 0:23 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw");
    Path status = file("status", "Uid:\t0\t0\t0\t0");

    assertThatThrownBy(() -> RealCpusetKernel.require(mountInfo, status)).isInstanceOf(AssertionError.class)
        .hasMessage("this test needs a cgroup v1 cpuset hierarchy (mount -t cgroup -o cpuset cgroup "
            + "/sys/fs/cgroup/cpuset), but " + mountInfo + " shows the cpuset controller only in the cgroup2 mount at "
            + "/sys/fs/cgroup");
  }

  @Test
  void aNodeWithoutAnyCgroupMountFailsTheKernelTestsSayingSo() throws IOException {
    Path mountInfo = file("mountinfo", "22 1 0:21 / /sys rw - sysfs sysfs rw");
    Path status = file("status", "Uid:\t0\t0\t0\t0");

    assertThatThrownBy(() -> RealCpusetKernel.require(mountInfo, status)).isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("this test needs a cgroup v1 cpuset hierarchy (mount -t cgroup -o cpuset cgroup "
            + "/sys/fs/cgroup/cpuset), but " + mountInfo + " shows no cpuset hierarchy");
  }

  @Test
  void aUserOtherThanRootFailsTheKernelTestsNamingTheUid() throws IOException {
    Path mountInfo = file("mountinfo", "33 30 0:30 / /sys/fs/cgroup/cpuset rw - cgroup cgroup rw,cpuset");
    Path status = file("status", "Name:\tjava", "Uid:\t0\t1000\t0\t1000");

    assertThatThrownBy(() -> RealCpusetKernel.require(mountInfo, status)).isInstanceOf(AssertionError.class)
        .hasMessage("this test needs root (effective uid 0) to create cgroups below /sys/fs/cgroup/cpuset, but runs "
            + "with effective uid 1000");
  }
}
