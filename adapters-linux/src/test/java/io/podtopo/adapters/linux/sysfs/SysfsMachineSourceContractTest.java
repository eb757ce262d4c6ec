package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.out.MachineSource;
import io.podtopo.ports.out.MachineSourceContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link SysfsMachineSource} keeps {@link MachineSource}'s promises over a copy of a fixture archive
 * (a 16-CPU, 4-socket x86 machine), which the other machine's archive (a 2-CPU ARM board) replaces
 * when the hardware changes; an empty folder is no sysfs root.
 */
class SysfsMachineSourceContractTest implements MachineSourceContract {

  @TempDir
  Path dir;

  private Path node() {
    return dir.resolve("node.tar.bz2");
  }

  @Override
  public MachineSource newSource() {
    copy("16em64t-4s2c2t");
    return new SysfsMachineSource(node());
  }

  @Override
  public void changeTheHardware() {
    copy("2arm-2c");
  }

  private void copy(String fixture) {
    try {
      Files.copy(Fixtures.archive(fixture), node(), StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Machine machineOfIncompleteHardware() {
    try {
      return new SysfsMachineSource(Files.createDirectory(dir.resolve("empty"))).machine();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public Class<? extends RuntimeException> discoveryFailure() {
    return SysfsException.class;
  }

  @Override
  public String whatIsMissing() {
    return DirectoryTree.CPU_FOLDER;
  }
}
