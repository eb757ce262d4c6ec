package io.podtopo.app.agent;

import io.podtopo.adapters.linux.cgroup.CgroupDriver;
import io.podtopo.adapters.linux.cgroup.CgroupLayout;
import io.podtopo.adapters.linux.cgroup.CgroupVersion;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.ports.out.CpusetWrite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A cpuset hierarchy in a temp dir that an agent child JVM writes as if it were the kernel's: the
 * agent runs in a private mount namespace ({@code unshare --mount}) where the tree is bind-mounted
 * over this machine's cpuset hierarchy ({@code /sys/fs/cgroup/cpuset} with cgroup v1,
 * {@code /sys/fs/cgroup} with v2), so {@code podtopo agent --cgroup-root /}{@value #ROOT} finds the
 * hierarchy in its {@code /proc/self/mountinfo} as on a node and writes the tree's files through the
 * real writer ({@code CgroupCpusetWriter} over the kernel file operations). Nothing of the real
 * hierarchy is touched, and any catalog machine's CPUs can be written.
 *
 * <p>A plain directory is not a cgroup: {@code mkdir} makes no interface files, and {@code rmdir}
 * refuses a directory that holds files, where the kernel's takes a cgroup's interface files with it.
 * So the cgroups of every pod and container the test may run are made beforehand, with the interface
 * files a kernel makes ({@code cpuset.cpus} and {@code cpuset.mems} empty, as a new v1 cgroup has
 * them; with v2 also {@code cgroup.subtree_control} handing {@code cpuset} down), as a container
 * runtime would have made them before the agent pins them; the writer then only writes values. And
 * each pod's and container's cgroup is a symbolic link to a directory of its own beside the root
 * ({@value #LINKED}): the agent removes a released pod's cgroups ({@code Files.delete}, which is
 * {@code rmdir} for a directory and {@code unlink} for a link), and a link goes with its files as a
 * cgroup does. Unlike the kernel's, these files are rewritten by truncating and writing, so a kill
 * between the two leaves a file empty: a restarted agent writes every cpuset again, which the checks
 * rely on, not on a file's content at a kill. Needs root (a mount namespace needs
 * {@code CAP_SYS_ADMIN}) and {@code unshare(1)}.
 */
final class CgroupTree {

  /** The cgroup below the hierarchy's root that holds the pods: {@code --cgroup-root /podtopo}. */
  static final String ROOT = "podtopo";
  private static final String SUBTREE_CONTROL = "cgroup.subtree_control";
  /** In the tree, beside the root: the directories the pods' and containers' links point to. */
  private static final String LINKED = "linked-cgroups";

  private final Path tree;
  private final CpusetHierarchy hierarchy;
  private final CgroupLayout layout;

  private CgroupTree(Path tree, CpusetHierarchy hierarchy) {
    this.tree = tree;
    this.hierarchy = hierarchy;
    this.layout = CgroupLayout.of(tree.resolve(ROOT).toAbsolutePath(), CgroupDriver.CGROUPFS);
  }

  /**
   * A tree in the new folder {@code dir} shaped as this machine's cpuset hierarchy, its root allowing
   * every CPU and NUMA node of {@code machine}, with the cgroups of {@code pods} made.
   *
   * @throws AssertionError when this process cannot make mount namespaces (not root, no unshare)
   */
  static CgroupTree create(Path dir, Machine machine, Iterable<TestPod> pods) throws IOException {
    CgroupTree tree = new CgroupTree(Files.createDirectories(dir),
        CpusetHierarchy.detect(CpusetHierarchy.SELF_MOUNTINFO));
    requireMountNamespaces(tree.tree);
    tree.makeCgroup(tree.layout.root(), machine.cpuSet().toString(), CpuSet.of(machine.numaNodeIds()).toString(),
        true);
    for (TestPod pod : pods) {
      tree.makeLinkedCgroup(tree.layout.pod(pod.uid()), true);
      for (String container : pod.reportedContainers()) {
        tree.makeLinkedCgroup(tree.layout.container(pod.uid(), container), false);
      }
    }
    return tree;
  }

  /** The command that runs the rest of a command line in a private mount namespace over this tree. */
  List<String> launcher() {
    return List.of("unshare", "--mount", "--propagation", "private", "sh", "-c",
        "mount --bind \"$0\" \"$1\" && shift && exec \"$@\"", tree.toAbsolutePath().toString(),
        hierarchy.mountPoint().toString());
  }

  /** The agent's {@code --cgroup-root}. */
  String cgroupRoot() {
    return "/" + ROOT;
  }

  /** Whether the pod's cgroup is still in the tree. */
  boolean hasPod(String podUid) {
    return Files.exists(layout.pod(podUid), LinkOption.NOFOLLOW_LINKS);
  }

  /**
   * What the container's cgroup holds now: its {@code cpuset.cpus} and {@code cpuset.mems}; empty when
   * it was removed.
   */
  Optional<CpusetWrite> read(String podUid, String container) {
    Path dir = layout.container(podUid, container);
    if (!Files.exists(dir)) {
      return Optional.empty();
    }
    CpuSet mems = CpuSet.parse(content(dir.resolve("cpuset.mems")));
    return Optional.of(CpusetWrite.of(podUid, container, CpuSet.parse(content(dir.resolve("cpuset.cpus"))),
        NumaMask.of(mems.toList())));
  }

  /**
   * An empty cgroup at {@code link}: a link to a new directory of {@value #LINKED}, named after the
   * cgroup, relative to where the link really is (its parent may be a link itself).
   */
  private void makeLinkedCgroup(Path link, boolean parent) throws IOException {
    Path target = tree.resolve(LINKED).resolve(tree.relativize(link).toString().replace('/', '.'));
    makeCgroup(target, "", "", parent);
    Files.createSymbolicLink(link, link.getParent().toRealPath().relativize(target.toRealPath()));
  }

  private void makeCgroup(Path dir, String cpus, String mems, boolean parent) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("cpuset.cpus"), cpus.isEmpty() ? "\n" : cpus + "\n");
    Files.writeString(dir.resolve("cpuset.mems"), mems.isEmpty() ? "\n" : mems + "\n");
    if (hierarchy.version() == CgroupVersion.V2 && parent) {
      Files.writeString(dir.resolve(SUBTREE_CONTROL), "cpuset\n");
    }
  }

  private static String content(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Fails, saying what is missing, unless {@code unshare --mount} with a bind mount works here. */
  private static void requireMountNamespaces(Path dir) {
    List<String> command = List.of("unshare", "--mount", "--propagation", "private", "sh", "-c",
        "mount --bind \"$0\" \"$0\"", dir.toAbsolutePath().toString());
    String output;
    int status;
    try {
      Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
      output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      status = probe.waitFor(30, TimeUnit.SECONDS) ? probe.exitValue() : -1;
    } catch (IOException e) {
      throw new AssertionError("the agent's cgroup tree needs unshare(1) (util-linux): " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while probing for mount namespaces", e);
    }
    if (status != 0) {
      throw new AssertionError("the agent's cgroup tree needs root (CAP_SYS_ADMIN) to bind-mount a temp dir in a"
          + " private mount namespace; '" + String.join(" ", command) + "' exited " + status + ": " + output);
    }
  }
}
