package io.podtopo.adapters.linux.cgroup;

import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A cgroup tree in a temp dir that acts like the kernel where the writers' rules show. {@code mkdir}
 * makes the interface files (v1: empty {@code cpuset.cpus} and {@code cpuset.mems}; v2:
 * {@code cgroup.subtree_control}, plus the cpuset files when the parent hands {@code cpuset} down);
 * {@code cgroup.subtree_control} takes {@code +cpuset}/{@code -cpuset}; {@code rmdir} takes the
 * interface files with it, and refuses a cgroup with child cgroups or with processes (a
 * {@code cgroup.procs} that is not empty: write a pid there) with {@code Device or resource busy}. A write leaving a child outside its parent fails with {@code Permission
 * denied}, one leaving a parent narrower than a child with {@code Device or resource busy}, as v1 does
 * (v2 would clip instead; the tree refuses in v2 too, with an empty value allowing all, so that a
 * wrong order shows there as well). Reads and writes go to real files through {@link KernelCgroupFs},
 * so a file replaced by a directory fails as the file system makes it fail. Chosen writes can be made
 * to fail; every change is logged, relative to the root.
 */
final class SimulatedCgroupTree implements CgroupFs {

  private static final Set<String> CPUSET_FILES = Set.of("cpuset.cpus", "cpuset.mems");
  private static final String SUBTREE_CONTROL = "cgroup.subtree_control";

  private final KernelCgroupFs files = new KernelCgroupFs();
  private final Path root;
  private final CgroupVersion version;
  private final List<String> log = new ArrayList<>();
  private final Map<String, Fault> faults = new TreeMap<>();

  /** The next {@code remaining} writes fail with {@code errno}. */
  private record Fault(String errno, int remaining) {}

  private SimulatedCgroupTree(Path root, CgroupVersion version) {
    this.root = root;
    this.version = version;
  }

  /** A tree whose root {@code dir/kubepods} allows {@code cpus} and {@code mems}. */
  static SimulatedCgroupTree create(Path dir, CgroupVersion version, String cpus, String mems) {
    SimulatedCgroupTree tree = new SimulatedCgroupTree(dir.resolve("kubepods"), version);
    try {
      Files.createDirectory(tree.root);
      Files.writeString(tree.root.resolve("cpuset.cpus"), cpus);
      Files.writeString(tree.root.resolve("cpuset.mems"), mems);
      Files.writeString(tree.root.resolve("cgroup.procs"), "");
      if (version == CgroupVersion.V2) {
        Files.writeString(tree.root.resolve(SUBTREE_CONTROL), "memory");
        Files.writeString(tree.root.resolve("cpuset.cpus.partition"), "member");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tree;
  }

  Path root() {
    return root;
  }

  /** Makes the next {@code times} writes of {@code value} to {@code file} (relative to the root) fail with {@code errno}. */
  void failWrite(String file, String value, String errno, int times) {
    faults.put(file + "=" + value, new Fault(errno, times));
  }

  /** Every change so far: {@code mkdir DIR}, {@code rmdir DIR}, {@code FILE=VALUE}; paths relative to the root. */
  List<String> log() {
    return List.copyOf(log);
  }

  /** The content of every file below the root, by relative path. */
  Map<String, String> files() {
    try (Stream<Path> paths = Files.walk(root)) {
      return paths.filter(Files::isRegularFile)
          .collect(Collectors.toMap(this::relative, this::content, (a, b) -> a, TreeMap::new));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The stripped content of {@code file}, relative to the root. */
  String value(String file) {
    return content(root.resolve(file));
  }

  @Override
  public String read(Path file) throws IOException {
    return files.read(file);
  }

  @Override
  public void write(Path file, String value) throws IOException {
    String key = relative(file) + "=" + value;
    Fault fault = faults.get(key);
    if (fault != null && fault.remaining() > 0) {
      faults.put(key, new Fault(fault.errno(), fault.remaining() - 1));
      throw new FileSystemException(file.toString(), null, fault.errno());
    }
    String name = file.getFileName().toString();
    if (CPUSET_FILES.contains(name)) {
      checkNesting(file, CpuSet.parse(value));
      files.write(file, value);
    } else if (name.equals(SUBTREE_CONTROL)) {
      control(file, value);
    } else {
      files.write(file, value);
    }
    log.add(key);
  }

  @Override
  public boolean isDirectory(Path path) {
    return files.isDirectory(path);
  }

  @Override
  public void createDirectory(Path dir) throws IOException {
    files.createDirectory(dir);
    Files.writeString(dir.resolve("cgroup.procs"), "");
    if (version == CgroupVersion.V1) {
      addCpusetFiles(dir);
    } else {
      Files.writeString(dir.resolve(SUBTREE_CONTROL), "");
      if (controllers(dir.getParent()).contains("cpuset")) {
        addCpusetFiles(dir);
      }
    }
    log.add("mkdir " + relative(dir));
  }

  @Override
  public void removeDirectory(Path dir) throws IOException {
    if (!files.directories(dir).isEmpty() || !files.read(dir.resolve("cgroup.procs")).isBlank()) {
      throw new FileSystemException(dir.toString(), null, "Device or resource busy");
    }
    try (Stream<Path> interfaceFiles = Files.list(dir)) {
      for (Path file : interfaceFiles.toList()) {
        Files.delete(file);
      }
    }
    files.removeDirectory(dir);
    log.add("rmdir " + relative(dir));
  }

  @Override
  public List<Path> directories(Path dir) throws IOException {
    return files.directories(dir);
  }

  private void checkNesting(Path file, CpuSet value) throws IOException {
    Path dir = file.getParent();
    String name = file.getFileName().toString();
    if (!dir.equals(root) && !allows(CpuSet.parse(content(dir.getParent().resolve(name))), value)) {
      throw new FileSystemException(file.toString(), null, "Permission denied");
    }
    for (Path child : files.directories(dir)) {
      Path childFile = child.resolve(name);
      if (Files.isRegularFile(childFile) && !allows(value, CpuSet.parse(content(childFile)))) {
        throw new FileSystemException(file.toString(), null, "Device or resource busy");
      }
    }
  }

  private boolean allows(CpuSet parent, CpuSet child) {
    return child.isSubsetOf(parent) || (version == CgroupVersion.V2 && parent.isEmpty());
  }

  private void control(Path file, String value) throws IOException {
    Set<String> controllers = controllers(file.getParent());
    String controller = value.substring(1);
    if (value.startsWith("+")) {
      controllers.add(controller);
    } else {
      controllers.remove(controller);
    }
    files.write(file, String.join(" ", controllers));
    for (Path child : files.directories(file.getParent())) {
      if (value.equals("+cpuset")) {
        addCpusetFiles(child);
      } else if (value.equals("-cpuset")) {
        for (String cpusetFile : CPUSET_FILES) {
          Files.delete(child.resolve(cpusetFile));
        }
      }
    }
  }

  private Set<String> controllers(Path dir) throws IOException {
    String text = files.read(dir.resolve(SUBTREE_CONTROL)).strip();
    return text.isEmpty() ? new LinkedHashSet<>() : new LinkedHashSet<>(Arrays.asList(text.split("\\s+")));
  }

  private static void addCpusetFiles(Path dir) throws IOException {
    for (String file : CPUSET_FILES) {
      if (!Files.exists(dir.resolve(file))) {
        Files.writeString(dir.resolve(file), "");
      }
    }
  }

  private String relative(Path path) {
    return root.relativize(path).toString();
  }

  private String content(Path file) {
    try {
      return Files.readString(file).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
