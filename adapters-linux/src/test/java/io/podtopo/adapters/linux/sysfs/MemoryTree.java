package io.podtopo.adapters.linux.sysfs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;

/**
 * A sysfs tree held in memory as its files' bytes by path, for the fuzz tests: a fixture archive is
 * unpacked once and then changed file by file at the speed of a map.
 */
final class MemoryTree implements SysfsTree {

  private final String name;
  private final TreeMap<String, byte[]> files;
  private final Map<String, Set<String>> folders = new HashMap<>();

  MemoryTree(String name, Map<String, byte[]> files) {
    this.name = name;
    this.files = new TreeMap<>(files);
    folders.put("", new LinkedHashSet<>());
    this.files.keySet().forEach(this::addToFolders);
  }

  /** The files of a fixture archive of {@code fixtures/sysfs}, below its root folder. */
  static MemoryTree ofFixture(String fixture) {
    Map<String, byte[]> files = new HashMap<>();
    String prefix = DirectoryTree.CPU_FOLDER;
    try (InputStream in = Files.newInputStream(Fixtures.archive(fixture));
        TarArchiveInputStream tar = new TarArchiveInputStream(new BZip2CompressorInputStream(in))) {
      for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
        if (entry.isFile()) {
          files.put(entry.getName().replaceFirst("^(\\./)?[^/]+/", ""), tar.readAllBytes());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (files.keySet().stream().noneMatch(path -> path.startsWith(prefix))) {
      throw new IllegalStateException(fixture + " has no " + prefix + " below its top folder");
    }
    return new MemoryTree(fixture, files);
  }

  /** The paths of the files, sorted. */
  List<String> paths() {
    return new ArrayList<>(files.keySet());
  }

  /** A copy whose files can be changed without changing this tree. */
  MemoryTree copy() {
    return new MemoryTree(name, files);
  }

  void put(String path, byte[] content) {
    files.put(path, content);
    addToFolders(path);
  }

  void remove(String path) {
    files.remove(path);
  }

  /** Removes every file below {@code folder}. */
  void removeFolder(String folder) {
    files.keySet().removeIf(path -> path.startsWith(folder + "/"));
  }

  private void addToFolders(String path) {
    int slash = path.lastIndexOf('/');
    String parent = slash < 0 ? "" : path.substring(0, slash);
    boolean known = folders.containsKey(parent);
    folders.computeIfAbsent(parent, folder -> new LinkedHashSet<>()).add(path.substring(slash + 1));
    if (!known && !parent.isEmpty()) {
      addToFolders(parent);
    }
  }

  @Override
  public byte[] read(String path) {
    return files.get(path);
  }

  @Override
  public List<String> list(String folder) {
    Set<String> names = folders.get(folder);
    if (names == null) {
      return List.of();
    }
    List<String> present = new ArrayList<>();
    for (String child : names) {
      String path = folder.isEmpty() ? child : folder + "/" + child;
      if (files.containsKey(path) || files.ceilingKey(path + "/") != null
          && files.ceilingKey(path + "/").startsWith(path + "/")) {
        present.add(child);
      }
    }
    return present;
  }

  @Override
  public boolean isFolder(String path) {
    String first = files.ceilingKey(path + "/");
    return first != null && first.startsWith(path + "/");
  }

  @Override
  public boolean isFile(String path) {
    return files.containsKey(path);
  }

  @Override
  public String where(String path) {
    return name + "!/" + path;
  }

  @Override
  public String name() {
    return name;
  }

  /** Writes the tree below {@code root}. */
  void writeTo(Path root) {
    files.forEach((path, content) -> {
      try {
        Path file = root.resolve(path);
        Files.createDirectories(file.getParent());
        Files.write(file, content);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }
}
