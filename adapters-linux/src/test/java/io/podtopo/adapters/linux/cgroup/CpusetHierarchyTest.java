package io.podtopo.adapters.linux.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.ports.out.CpusetWrite;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding the cpuset hierarchy in a {@code mountinfo} file (proc(5)): optional fields, the {@code -}
 * separator, fstype {@code cgroup} with the super option {@code cpuset} against {@code cgroup2}, octal
 * escapes; and a writer built from it.
 */
class CpusetHierarchyTest {

  /** The lines of a hybrid node: v1 controllers, and cgroup2 at /sys/fs/cgroup/unified for systemd. */
  private static final List<String> HYBRID = List.of(
      "22 1 0:21 / /sys rw,nosuid,nodev,noexec,relatime shared:7 - sysfs sysfs rw",
      "30 22 0:27 / /sys/fs/cgroup rw,relatime shared:8 - tmpfs tmpfs rw,mode=755",
      "31 30 0:28 / /sys/fs/cgroup/cpu,cpuacct rw,relatime shared:9 - cgroup cgroup rw,cpu,cpuacct",
      "39 30 0:36 / /sys/fs/cgroup/systemd rw,relatime shared:10 - cgroup cgroup rw,xattr,name=systemd",
      "40 30 0:37 / /sys/fs/cgroup/unified rw,relatime shared:11 - cgroup2 cgroup2 rw,nsdelegate",
      "33 30 0:30 / /sys/fs/cgroup/cpuset rw,relatime shared:12 master:3 - cgroup cgroup rw,cpuset");

  @TempDir
  Path dir;

  private Path mountInfo(List<String> lines) throws IOException {
    return Files.write(dir.resolve("mountinfo"), lines);
  }

  @Test
  void aV1CpusetHierarchyWinsOverTheCgroup2MountOfAHybridNode() throws IOException {
    assertThat(CpusetHierarchy.detect(mountInfo(HYBRID)))
        .isEqualTo(new CpusetHierarchy(CgroupVersion.V1, Path.of("/sys/fs/cgroup/cpuset")));
  }

  @Test
  void aUnifiedNodeHasItsCpusetsInTheCgroup2Mount() throws IOException {
    Path file = mountInfo(List.of(
        "25 1 0:23 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot"));

    assertThat(CpusetHierarchy.detect(file)).isEqualTo(new CpusetHierarchy(CgroupVersion.V2, Path.of("/sys/fs/cgroup")));
  }

  @Test
  void onlyTheSuperOptionCpusetMakesAV1MountTheCpusetHierarchyWhateverElseIsCoMounted() throws IOException {
    Path file = mountInfo(List.of(
        "31 30 0:28 / /cg/cpuset_like rw - cgroup cgroup rw,cpu,cpuacct",
        "32 30 0:29 / /cg/named rw - cgroup cpuset rw,name=cpuset",
        "33 30 0:30 / /cg/both rw shared:1 master:2 propagate_from:3 unbindable - cgroup cgroup rw,cpu,cpuset"));

    assertThat(CpusetHierarchy.detect(file).mountPoint()).isEqualTo(Path.of("/cg/both"));
  }

  @Test
  void octalEscapesInTheMountPointAreUndone() throws IOException {
    Path file = mountInfo(List.of("33 30 0:30 / /mnt/my\\040cgroups\\011x\\134y rw - cgroup cgroup rw,cpuset"));

    assertThat(CpusetHierarchy.detect(file).mountPoint()).isEqualTo(Path.of("/mnt/my cgroups\tx\\y"));
    assertThat(MountInfo.unescape("a\\04b\\9990")).isEqualTo("a\\04b\\9990");
  }

  @Test
  void aFileWithoutACpusetHierarchyIsRefusedNamingTheFile() throws IOException {
    Path file = mountInfo(HYBRID.subList(0, 4));

    assertThatThrownBy(() -> CpusetHierarchy.detect(file)).isInstanceOf(CgroupSetupException.class)
        .hasMessage(file + " shows no cpuset hierarchy: no mount of fstype cgroup with the super option cpuset (v1) "
            + "and no mount of fstype cgroup2 (v2)");
  }

  @Test
  void aLineWithoutTheSeparatorOrWithTooFewFieldsIsRefusedNamingTheFileAndLine() throws IOException {
    Path noSeparator = mountInfo(List.of(HYBRID.get(0), "31 30 0:28 / /cg rw cgroup cgroup rw,cpuset"));
    assertThatThrownBy(() -> CpusetHierarchy.detect(noSeparator)).isInstanceOf(CgroupSetupException.class)
        .hasMessageStartingWith(noSeparator + " line 2: expected 'ID PARENT MAJ:MIN ROOT MOUNT_POINT OPTIONS "
            + "[OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS', got '31 30 0:28");

    Path shortLine = mountInfo(List.of("31 30 0:28 / /cg rw - cgroup cgroup"));
    assertThatThrownBy(() -> CpusetHierarchy.detect(shortLine)).hasMessageStartingWith(shortLine + " line 1: ");
  }

  @Test
  void anUnreadableFileIsRefusedWithTheReason() {
    Path missing = dir.resolve("missing");

    assertThatThrownBy(() -> CpusetHierarchy.detect(missing)).isInstanceOf(CgroupSetupException.class)
        .hasMessage("cannot read " + missing + ": No such file or directory");
  }

  @Test
  void theCgroupParentIsFoundBelowTheMountPointAndMayNotClimbOut() {
    CpusetHierarchy hierarchy = new CpusetHierarchy(CgroupVersion.V2, Path.of("/sys/fs/cgroup"));

    assertThat(hierarchy.cgroup("/kubepods.slice")).isEqualTo(Path.of("/sys/fs/cgroup/kubepods.slice"));
    assertThat(hierarchy.cgroup("kubepods")).isEqualTo(Path.of("/sys/fs/cgroup/kubepods"));
    assertThatThrownBy(() -> hierarchy.cgroup("kubepods/../../etc")).isInstanceOf(CgroupSetupException.class)
        .hasMessage("the cgroup \"kubepods/../../etc\" must not have '.' or '..' parts");
  }

  @Test
  void aWriterOnTheNodeWritesBelowTheCgroupParentOfTheDetectedHierarchy() throws IOException {
    Path mountPoint = Files.createDirectory(dir.resolve("cpuset"));
    Path root = Files.createDirectory(mountPoint.resolve("kubepods"));
    Files.createDirectory(root.resolve("podp1"));
    Files.createDirectory(root.resolve("podp1/podtopo-app"));
    for (Path cgroup : List.of(root, root.resolve("podp1"), root.resolve("podp1/podtopo-app"))) {
      Files.writeString(cgroup.resolve("cpuset.cpus"), cgroup.equals(root) ? "0-3" : "1");
      Files.writeString(cgroup.resolve("cpuset.mems"), "0");
    }
    Path file = mountInfo(List.of("33 30 0:30 / " + mountPoint + " rw - cgroup cgroup rw,cpuset"));

    CgroupCpusetWriter.onNode(file, "/kubepods", CgroupDriver.CGROUPFS)
        .apply(List.of(CpusetWrite.of("p1", "app", CpuSet.of(2, 3), NumaMask.of(0))));

    assertThat(Files.readString(root.resolve("podp1/podtopo-app/cpuset.cpus"))).isEqualTo("2-3\n");
    assertThat(Files.readString(root.resolve("podp1/cpuset.cpus"))).isEqualTo("2-3\n");
  }
}
