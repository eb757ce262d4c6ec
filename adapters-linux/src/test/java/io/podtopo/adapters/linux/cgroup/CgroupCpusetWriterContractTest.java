package io.podtopo.adapters.linux.cgroup;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriter;
import io.podtopo.ports.out.CpusetWriterContract;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link CgroupCpusetWriter} keeps {@link CpusetWriter}'s promises, pod cgroups included, in cgroup
 * v1 and v2, on a temp-dir tree that acts like the kernel ({@link SimulatedCgroupTree}): a write the
 * kernel refuses for good fails with {@code Invalid argument}, a cgroup holding a process cannot be
 * removed.
 */
class CgroupCpusetWriterContractTest {

  @TempDir
  Path dir;

  @Nested
  class CgroupV1 extends OnSimulatedTree {
    CgroupV1() {
      super(CgroupVersion.V1);
    }
  }

  @Nested
  class CgroupV2 extends OnSimulatedTree {
    CgroupV2() {
      super(CgroupVersion.V2);
    }
  }

  /** The contract on a tree of one version, whose root allows CPUs 0-7 and NUMA nodes 0-1. */
  abstract class OnSimulatedTree implements CpusetWriterContract.PodCgroups {

    private final CgroupVersion version;
    private SimulatedCgroupTree tree;
    private CgroupLayout layout;

    OnSimulatedTree(CgroupVersion version) {
      this.version = version;
    }

    @Override
    public CpusetWriter newWriter() {
      tree = SimulatedCgroupTree.create(dir, version, "0-7", "0-1");
      layout = CgroupLayout.of(tree.root(), CgroupDriver.CGROUPFS);
      return new CgroupCpusetWriter(layout, version, tree, RetryPolicy.of(3, Duration.ofMillis(10), pause -> {}));
    }

    @Override
    public Optional<Cpuset> container(String podUid, String containerName) {
      return cpuset(layout.container(podUid, containerName));
    }

    @Override
    public Optional<Cpuset> pod(String podUid) {
      return cpuset(layout.pod(podUid));
    }

    @Override
    public void failApplying(CpusetWrite write) {
      tree.failWrite(relative(layout.container(write.podUid(), write.containerName()).resolve("cpuset.cpus")),
          write.cpus().toString(), "Invalid argument", Integer.MAX_VALUE);
    }

    @Override
    public void failRemoving(String podUid, String containerName) {
      procs(podUid, containerName, "4242");
    }

    @Override
    public void allowRemoving(String podUid, String containerName) {
      procs(podUid, containerName, "");
    }

    private void procs(String podUid, String containerName, String pids) {
      try {
        tree.write(layout.container(podUid, containerName).resolve("cgroup.procs"), pids);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private String relative(Path file) {
      return tree.root().relativize(file).toString();
    }

    private Optional<Cpuset> cpuset(Path cgroup) {
      if (!Files.isDirectory(cgroup)) {
        return Optional.empty();
      }
      String root = relative(cgroup);
      return Optional.of(new Cpuset(CpuSet.parse(tree.value(root + "/cpuset.cpus")),
          NumaMask.of(CpuSet.parse(tree.value(root + "/cpuset.mems")).toList())));
    }
  }
}
