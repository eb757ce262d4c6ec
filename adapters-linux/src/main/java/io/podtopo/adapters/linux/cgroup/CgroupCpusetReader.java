package io.podtopo.adapters.linux.cgroup;

import io.podtopo.domain.node.AppliedCpuset;
import io.podtopo.domain.topology.CpuListFormatException;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the cpusets a cgroup tree applies, for an audit to compare with what a PodResources
 * endpoint reports; it only reads, never writes, creates or removes anything.
 *
 * <p>Every cgroup at and below the root is read, parents before children, siblings in name order.
 * Its CPUs are its {@code cpuset.cpus}; where that is empty, its {@code cpuset.cpus.effective}
 * (cgroup v2, where empty means "all of the parent's"; cgroup v1 has no such file, and an empty
 * cpuset there allows nothing); where it has neither file (a cgroup v2 child whose parent does not
 * hand the cpuset controller down), its parent's CPUs. The root must have one of the two files:
 * {@code /sys/fs/cgroup/cpuset/kubepods} (v1) or {@code /sys/fs/cgroup/kubepods.slice} (v2), say.
 *
 * <p>A node's tree changes while it is read: a cgroup removed meanwhile is left out with what was
 * below it.
 */
public final class CgroupCpusetReader {

  private static final String EFFECTIVE_CPUS = "cpuset.cpus.effective";

  private final CgroupFs fs;

  /** A reader of the kernel's cgroup file system. */
  public CgroupCpusetReader() {
    this(new KernelCgroupFs());
  }

  CgroupCpusetReader(CgroupFs fs) {
    this.fs = fs;
  }

  /**
   * Every cgroup at and below {@code root}.
   *
   * @throws CgroupReadException when {@code root} is not a directory or has no cpuset file, or a
   *     file cannot be read or parsed
   */
  public List<AppliedCpuset> read(Path root) {
    if (!fs.isDirectory(root)) {
      throw new CgroupReadException(root + " is not a directory");
    }
    CpuSet rootCpus;
    try {
      rootCpus = ownCpus(root).orElseThrow(() -> new CgroupReadException(root + " has neither "
          + CpusetFile.CPUS.fileName() + " nor " + EFFECTIVE_CPUS + ": not a cgroup of a cpuset hierarchy"));
    } catch (CgroupGoneException gone) {
      throw new CgroupReadException(root + " was removed while it was read");
    }
    List<AppliedCpuset> cgroups = new ArrayList<>();
    visit(root, root, rootCpus, Optional.empty(), cgroups);
    return List.copyOf(cgroups);
  }

  private void visit(Path root, Path cgroup, CpuSet cpus, Optional<CpuSet> parentCpus, List<AppliedCpuset> cgroups) {
    List<Path> children;
    try {
      children = fs.directories(cgroup);
    } catch (NoSuchFileException gone) {
      return;
    } catch (IOException e) {
      throw new CgroupReadException("cannot list " + cgroup + ": " + Errno.text(e), e);
    }
    cgroups.add(AppliedCpuset.of(root.relativize(cgroup).toString(), cpus, children.isEmpty(),
        parentCpus.map(cpus::equals).orElse(false)));
    for (Path child : children) {
      try {
        visit(root, child, ownCpus(child).orElse(cpus), Optional.of(cpus), cgroups);
      } catch (CgroupGoneException gone) {
        // removed while the tree was read: left out
      }
    }
  }

  /** The cgroup's own CPUs, or empty when it has no cpuset file. */
  private Optional<CpuSet> ownCpus(Path cgroup) {
    Optional<CpuSet> cpus = cpuList(cgroup, CpusetFile.CPUS.fileName());
    if (cpus.isPresent() && !cpus.get().isEmpty()) {
      return cpus;
    }
    Optional<CpuSet> effective = cpuList(cgroup, EFFECTIVE_CPUS);
    return effective.isPresent() ? effective : cpus;
  }

  private Optional<CpuSet> cpuList(Path cgroup, String fileName) {
    Path file = cgroup.resolve(fileName);
    String text;
    try {
      text = fs.read(file).strip();
    } catch (NoSuchFileException missing) {
      if (!fs.isDirectory(cgroup)) {
        throw new CgroupGoneException();
      }
      return Optional.empty();
    } catch (IOException e) {
      throw new CgroupReadException("cannot read " + file + ": " + Errno.text(e), e);
    }
    try {
      return Optional.of(CpuSet.parse(text));
    } catch (CpuListFormatException e) {
      throw new CgroupReadException(file + ": not a CPU list: \"" + text + "\"", e);
    }
  }

  /** The cgroup being read was removed meanwhile. */
  private static final class CgroupGoneException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    CgroupGoneException() {
      super(null, null, false, false);
    }
  }
}
