package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tree that cannot be used fails with one {@link SysfsException} whose one-line message names the file. */
class SysfsErrorsTest {

  private static final String CPU = FakeSysfs.CPU;
  private static final String NODE = FakeSysfs.NODE;

  @TempDir
  Path dir;

  @Test
  void missingCpuOnlineWithNoCpuFolderToFallBackOnNamesCpuOnline() {
    new FakeSysfs(dir).file(CPU + "possible", "0-3\n");

    assertFails(dir).hasMessage(dir.resolve(CPU + "online")
        + ": missing, and there is no cpuN folder to fall back on");
  }

  @Test
  void anEmptyCpuOnlineIsRefused() {
    FakeSysfs.smallMachine(dir).file(CPU + "online", "\n");

    assertFails(dir).hasMessage(dir.resolve(CPU + "online") + ": no CPU is online");
  }

  @Test
  void aGarbledIntegerNamesTheFileAndTheText() {
    FakeSysfs.smallMachine(dir).file(CPU + "cpu3/topology/physical_package_id", "x\n");

    assertFails(dir).hasMessage(dir.resolve(CPU + "cpu3/topology/physical_package_id") + ": not an integer: \"x\"");
  }

  @Test
  void aGarbledCoreIdOfTheFirstSmtCoreNamesTheFile() {
    FakeSysfs.smallMachine(dir).file(CPU + "cpu4/topology/core_id", "x\n");

    assertFails(dir).hasMessage(dir.resolve(CPU + "cpu4/topology/core_id") + ": not an integer: \"x\"");
  }

  @Test
  void aGarbledCpuListNamesTheFile() {
    FakeSysfs.smallMachine(dir).file(NODE + "node0/cpulist", "0-\n");

    assertFails(dir).hasMessage(dir.resolve(NODE + "node0/cpulist") + ": not a CPU list: \"0-\"");
  }

  @Test
  void aGarbledMaskNamesTheFileWithControlCharactersEscapedOnOneLine() {
    FakeSysfs.smallMachine(dir).file(CPU + "cpu0/cache/index3/shared_cpu_map", "zz\nff\n");

    assertFails(dir).hasMessage(dir.resolve(CPU + "cpu0/cache/index3/shared_cpu_map")
        + ": not a CPU mask: \"zz\\u000aff\"");
  }

  @Test
  void aMeminfoWithoutMemTotalNamesTheFile() {
    FakeSysfs.smallMachine(dir).file(NODE + "node0/meminfo", "Node 0 MemFree: 1 kB\n");

    assertFails(dir).hasMessage(dir.resolve(NODE + "node0/meminfo") + ": no MemTotal line");
  }

  @Test
  void aMemTotalThatIsNotKilobytesNamesTheFile() {
    FakeSysfs.smallMachine(dir).file(NODE + "node0/meminfo", "Node 0 MemTotal: lots\n");

    assertFails(dir).hasMessage(dir.resolve(NODE + "node0/meminfo") + ": MemTotal is not a size in kB: \"MemTotal: lots\"");
  }

  @Test
  void aGarbledDistanceNamesTheFile() {
    FakeSysfs.smallMachine(dir).file(NODE + "node0/distance", "10 ten\n");

    assertFails(dir).hasMessage(dir.resolve(NODE + "node0/distance") + ": not a list of integers: \"10 ten\"");
  }

  @Test
  void aGarbledPerCpuOnlineFlagNamesTheFile() {
    FakeSysfs.smallMachine(dir).delete(CPU + "online").file(CPU + "cpu2/online", "yes\n");

    assertFails(dir).hasMessage(dir.resolve(CPU + "cpu2/online") + ": not 0 or 1: \"yes\"");
  }

  @Test
  void aNodeIdBeyondTheKernelsLimitNamesTheFolder() {
    FakeSysfs.smallMachine(dir).node(4096, "", 1);

    assertFails(dir).hasMessage(dir.resolve(NODE + "node4096") + ": NUMA node id 4096 is above 1023");
  }

  @Test
  void anUnreadableFileNamesTheFile() {
    FakeSysfs.smallMachine(dir).delete(CPU + "online").file(CPU + "online/oops", "");

    assertFails(dir).hasMessageStartingWith(dir.resolve(CPU + "online") + ": unreadable: ");
  }

  @Test
  void aCorruptArchiveNamesTheArchive() throws IOException {
    Path archive = Files.write(dir.resolve("broken.tar.bz2"), "not bzip2 at all".getBytes());

    assertFails(archive).hasMessageStartingWith(archive + ": corrupt archive: ");
  }

  @Test
  void aTruncatedArchiveNamesTheArchive() throws IOException {
    byte[] whole = Files.readAllBytes(Fixtures.archive("16amd64-8n2c"));
    Path archive = Files.write(dir.resolve("16amd64-8n2c.tar.bz2"), Arrays.copyOf(whole, whole.length / 2));

    assertFails(archive).hasMessageStartingWith(archive + ": corrupt archive: ");
  }

  @Test
  void aFolderThatIsNoSysfsRootNamesTheFolder() throws IOException {
    Files.createDirectories(dir.resolve("one/two"));
    Files.createDirectories(dir.resolve("one/three"));

    assertFails(dir.resolve("one")).hasMessage(dir.resolve("one")
        + ": not a sysfs root: no sys/devices/system/cpu in it or in its only folder");
  }

  @Test
  void anArchiveWithoutASysfsRootNamesTheArchive() {
    Path archive = new FakeSysfs(dir.resolve("tree")).file("etc/hostname", "x\n").pack(dir.resolve("etc.tgz"), "");

    assertFails(archive).hasMessage(archive
        + ": not a sysfs archive: no sys/devices/system/cpu at its top or in its only top-level folder");
  }

  @Test
  void aMissingPathOrAnotherKindOfFileNamesIt() throws IOException {
    Path zip = Files.write(dir.resolve("tree.zip"), new byte[] {1});

    assertFails(dir.resolve("nowhere")).hasMessage(dir.resolve("nowhere") + ": no such file or folder");
    assertFails(zip).hasMessage(zip + ": not a sysfs root: neither a folder nor a .tar.bz2, .tar.gz or .tgz archive");
  }

  @Test
  void anArchiveEntryIsNamedInsideTheArchive() {
    Path archive = FakeSysfs.smallMachine(dir.resolve("tree"))
        .file(CPU + "cpu3/topology/physical_package_id", "x\n").pack(dir.resolve("bad.tar.gz"), "top");

    assertFails(archive).hasMessage(archive + "!/" + CPU + "cpu3/topology/physical_package_id: not an integer: \"x\"");
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> assertFails(Path root) {
    return assertThatThrownBy(() -> SysfsTopology.read(root))
        .isInstanceOf(SysfsException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").doesNotContain("\r"));
  }
}
