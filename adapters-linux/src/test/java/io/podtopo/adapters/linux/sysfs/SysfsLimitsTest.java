package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rule IN-7: a sysfs file is at most 1 MiB and an archive unpacks to at most 128 MiB; beyond, one
 * {@link SysfsException} naming the limit, before memory fills (docs/guide/limits.md).
 */
class SysfsLimitsTest {

  @TempDir
  Path dir;

  @Test
  void aFileOfMoreThan1MiBInAFolderIsRefused_in7() throws IOException {
    FakeSysfs tree = FakeSysfs.smallMachine(dir.resolve("root"));
    tree.bytes(FakeSysfs.CPU + "online", new byte[SysfsTree.MAX_FILE_BYTES + 1]);

    assertThatThrownBy(tree::read).isInstanceOf(SysfsException.class)
        .hasMessage(dir.resolve("root").resolve(FakeSysfs.CPU + "online")
            + ": larger than 1048576 bytes, the limit of a sysfs file");
  }

  @Test
  void aFileOfMoreThan1MiBInAnArchiveIsRefused_in7() throws IOException {
    Path archive = archive("big-file.tar.gz", 1, SysfsTree.MAX_FILE_BYTES + 1);

    assertThatThrownBy(() -> SysfsTopology.read(archive)).isInstanceOf(SysfsException.class)
        .hasMessage(archive + "!/sys/devices/system/cpu/f0: larger than 1048576 bytes, the limit of a sysfs file");
  }

  @Test
  void anArchiveThatUnpacksToMoreThan128MiBIsRefused_in7() throws IOException {
    int files = (int) (ArchiveTree.MAX_UNPACKED_BYTES / SysfsTree.MAX_FILE_BYTES) + 1;
    Path archive = archive("bomb.tar.gz", files, SysfsTree.MAX_FILE_BYTES);

    assertThatThrownBy(() -> SysfsTopology.read(archive)).isInstanceOf(SysfsException.class)
        .hasMessage(archive + ": unpacks to more than 134217728 bytes, the limit of a sysfs archive");
  }

  /** A gzipped tar of {@code files} files of {@code size} zero bytes in {@code sys/devices/system/cpu}. */
  private Path archive(String name, int files, int size) throws IOException {
    Path archive = dir.resolve(name);
    byte[] zeros = new byte[size];
    try (OutputStream out = Files.newOutputStream(archive);
        TarArchiveOutputStream tar = new TarArchiveOutputStream(new GzipCompressorOutputStream(out))) {
      for (int i = 0; i < files; i++) {
        TarArchiveEntry entry = new TarArchiveEntry("sys/devices/system/cpu/f" + i);
        entry.setSize(size);
        tar.putArchiveEntry(entry);
        tar.write(zeros);
        tar.closeArchiveEntry();
      }
      tar.finish();
    }
    return archive;
  }
}
