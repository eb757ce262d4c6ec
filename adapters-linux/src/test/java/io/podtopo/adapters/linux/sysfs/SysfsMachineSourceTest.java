package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine source over a sysfs root: the archive's machine, and a clear error for a bad root. */
class SysfsMachineSourceTest {

  @TempDir
  Path dir;

  @Test
  void aSourceOverAnArchiveGivesItsKubeletMachine() {
    SysfsMachineSource source = new SysfsMachineSource(Fixtures.archive("64amd64-4s2n4ca2co"));

    assertThat(source.machine()).isEqualTo(Fixtures.topology("64amd64-4s2n4ca2co").toMachine());
    assertThat(source.machine().cpus()).hasSize(64);
  }

  @Test
  void aSourceOverABadRootFailsOnEveryCallWithTheSysfsError() {
    SysfsMachineSource source = new SysfsMachineSource(dir);

    assertThatThrownBy(source::machine).isInstanceOf(SysfsException.class).hasMessageContaining("not a sysfs root");
    FakeSysfs.smallMachine(dir);
    assertThat(source.machine().cpus()).as("a failed read is tried again").hasSize(8);
  }
}
