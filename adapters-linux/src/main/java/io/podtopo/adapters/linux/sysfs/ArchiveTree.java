package io.podtopo.adapters.linux.sysfs;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * A sysfs root inside a compressed tar archive, read into memory once. The root is the archive's
 * top (when it holds {@code sys/} directly) or its one top-level folder, whatever that folder is
 * called. Links are listed in their folder but cannot be read.
 */
final class ArchiveTree implements SysfsTree {

  /**
   * The most bytes an archive may unpack to (its files together): a copy of a 256-CPU machine's
   * tree is 15 MiB; the limit keeps a small archive that unpacks to gigabytes from filling memory.
   */
  static final long MAX_UNPACKED_BYTES = 128L << 20;

  /** The compressions an archive may use, by file name suffix. */
  enum Compression {
    BZIP2(".tar.bz2", ".tbz2"),
    GZIP(".tar.gz", ".tgz");

    private final String[] suffixes;

    Compression(String... suffixes) {
      this.suffixes = suffixes;
    }

    /** The compression of a lower-case file name, or null when it names no supported archive. */
    static Compression of(String fileName) {
      for (Compression compression : values()) {
        for (String suffix : compression.suffixes) {
          if (fileName.endsWith(suffix) && fileName.length() > suffix.length()) {
            return compression;
          }
        }
      }
      return null;
    }

    String stripFrom(String fileName) {
      for (String suffix : suffixes) {
        if (fileName.toLowerCase(Locale.ROOT).endsWith(suffix)) {
          return fileName.substring(0, fileName.length() - suffix.length());
        }
      }
      return fileName;
    }

    InputStream open(InputStream raw) throws IOException {
      return this == BZIP2 ? new BZip2CompressorInputStream(raw) : new GzipCompressorInputStream(raw);
    }
  }

  private final String archive;
  private final String name;
  private final String prefix;
  private final Map<String, byte[]> files;
  private final Map<String, List<String>> folders;

  private ArchiveTree(String archive, String name, String prefix, Map<String, byte[]> files,
      Map<String, List<String>> folders) {
    this.archive = archive;
    this.name = name;
    this.prefix = prefix;
    this.files = files;
    this.folders = folders;
  }

  /** Reads the whole archive. @throws SysfsException when it is corrupt or holds no sysfs root */
  static ArchiveTree read(Path path) {
    String fileName = path.getFileName().toString();
    Compression compression = Compression.of(fileName.toLowerCase(Locale.ROOT));
    Map<String, byte[]> files = new HashMap<>();
    Map<String, Set<String>> folders = new HashMap<>();
    folders.put("", new LinkedHashSet<>());
    long unpacked = 0;
    try (InputStream raw = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
        TarArchiveInputStream tar = new TarArchiveInputStream(compression.open(raw))) {
      for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
        String entryPath = normalize(entry.getName());
        if (entryPath.isEmpty()) {
          continue;
        }
        addToFolders(folders, entryPath, entry.isDirectory());
        if (entry.isFile()) {
          byte[] content = tar.readNBytes(MAX_FILE_BYTES + 1);
          if (content.length > MAX_FILE_BYTES) {
            throw new SysfsException(path + "!/" + entryPath, "larger than " + MAX_FILE_BYTES
                + " bytes, the limit of a sysfs file");
          }
          unpacked += content.length;
          if (unpacked > MAX_UNPACKED_BYTES) {
            throw new SysfsException(path.toString(), "unpacks to more than " + MAX_UNPACKED_BYTES
                + " bytes, the limit of a sysfs archive");
          }
          files.put(entryPath, content);
        }
      }
    } catch (SysfsException e) {
      throw e;
    } catch (IOException e) {
      throw new SysfsException(path.toString(), "corrupt archive: " + DirectoryTree.reason(e), e);
    } catch (RuntimeException e) {
      throw new SysfsException(path.toString(), "corrupt archive: " + e, e);
    }
    Map<String, List<String>> listings = new HashMap<>();
    folders.forEach((folder, names) -> listings.put(folder, List.copyOf(names)));
    String prefix = rootPrefix(path, listings);
    return new ArchiveTree(path.toString(), compression.stripFrom(fileName), prefix, files, listings);
  }

  private static String normalize(String entryName) {
    String name = entryName;
    while (name.startsWith("./") || name.startsWith("/")) {
      name = name.substring(name.charAt(0) == '/' ? 1 : 2);
    }
    return name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
  }

  /** Records {@code path} in its folder, and every folder above it in theirs. */
  private static void addToFolders(Map<String, Set<String>> folders, String path, boolean isFolder) {
    if (isFolder) {
      if (folders.containsKey(path)) {
        return;
      }
      folders.put(path, new LinkedHashSet<>());
    }
    int slash = path.lastIndexOf('/');
    String parent = slash < 0 ? "" : path.substring(0, slash);
    if (!folders.containsKey(parent)) {
      addToFolders(folders, parent, true);
    }
    folders.get(parent).add(path.substring(slash + 1));
  }

  private static String rootPrefix(Path path, Map<String, List<String>> folders) {
    if (folders.containsKey(DirectoryTree.CPU_FOLDER)) {
      return "";
    }
    List<String> top = folders.get("");
    if (top.size() == 1 && folders.containsKey(top.get(0) + "/" + DirectoryTree.CPU_FOLDER)) {
      return top.get(0) + "/";
    }
    throw new SysfsException(path.toString(),
        "not a sysfs archive: no " + DirectoryTree.CPU_FOLDER + " at its top or in its only top-level folder");
  }

  @Override
  public byte[] read(String path) {
    return files.get(prefix + path);
  }

  @Override
  public List<String> list(String folder) {
    List<String> names = folders.get(prefix + folder);
    return names == null ? List.of() : names;
  }

  @Override
  public boolean isFolder(String path) {
    return folders.containsKey(prefix + path);
  }

  @Override
  public boolean isFile(String path) {
    return files.containsKey(prefix + path);
  }

  @Override
  public String where(String path) {
    return archive + "!/" + path;
  }

  @Override
  public String name() {
    return name;
  }
}
