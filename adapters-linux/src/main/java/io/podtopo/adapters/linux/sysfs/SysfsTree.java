package io.podtopo.adapters.linux.sysfs;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A read-only view of a sysfs root: the folder that holds {@code sys/devices/system/cpu} (and
 * usually {@code proc/meminfo}). Paths are relative to that root and use {@code /}, e.g.
 * {@code sys/devices/system/cpu/online}.
 */
interface SysfsTree {

  /**
   * The largest file read, in bytes: the kernel writes a sysfs attribute into one page (4 KiB on
   * most machines, 64 KiB on some), so a larger file is no sysfs file.
   */
  int MAX_FILE_BYTES = 1 << 20;

  /** The file's bytes, or null when there is no such file. @throws SysfsException when it exists but cannot be read */
  byte[] read(String path);

  /** The names in a folder, in no particular order; empty when there is no such folder. */
  List<String> list(String folder);

  /** Whether the path is a folder of the tree. */
  boolean isFolder(String path);

  /** Whether the path is a file of the tree: cheaper than a {@link #read} that finds nothing. */
  boolean isFile(String path);

  /** How messages name a path of this tree (the real file, or the archive and the entry). */
  String where(String path);

  /** A human name for the machine: the folder's or the archive's name. */
  String name();

  /**
   * The tree at {@code path}: a {@code .tar.bz2}, {@code .tar.gz} or {@code .tgz} archive (read in
   * memory), or a folder that is a sysfs root, holds exactly one folder that is, or is itself a
   * {@code sys} folder (such as {@code /sys}).
   *
   * @throws SysfsException naming the path when it is none of these
   */
  static SysfsTree open(Path path) {
    if (Files.isDirectory(path)) {
      return DirectoryTree.open(path);
    }
    if (!Files.exists(path)) {
      throw new SysfsException(path.toString(), "no such file or folder");
    }
    if (ArchiveTree.Compression.of(path.getFileName().toString().toLowerCase(Locale.ROOT)) == null) {
      throw new SysfsException(path.toString(), "not a sysfs root: neither a folder nor a .tar.bz2, .tar.gz or .tgz archive");
    }
    return ArchiveTree.read(path);
  }
}
