package io.podtopo.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.linux.cgroup.CgroupDriver;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import io.podtopo.adapters.linux.cgroup.RealCpusetKernel;
import io.podtopo.adapters.linux.store.StateDirectory;
import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import io.podtopo.app.input.BuiltInKubeletConfig;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Dagger graph builds a node over the Linux adapters that works on this machine's kernel: the
 * machine from its own {@code /sys}, the state in a folder, the cpusets in its cgroup v1 {@code cpuset}
 * hierarchy below a test parent cgroup, and a restart that restores the saved state without
 * allocating again (P§8.3). Needs root and a v1 cpuset hierarchy with CPUs 0-1 and memory node 0;
 * fails saying so otherwise (CI runs on such a machine).
 */
class LinuxNodeComponentTest {

  private static final Pod POD = new Pod.Builder().uid("pod-a").name("latency")
      .addContainer(new Container.Builder().name("app")
          .putRequest("cpu", Quantity.parse("1")).putLimit("cpu", Quantity.parse("1"))
          .putRequest("memory", Quantity.parse("256Mi")).putLimit("memory", Quantity.parse("256Mi")).build())
      .build();

  @TempDir
  Path stateDir;

  private RealCpusetKernel kernel;
  private Path parent;

  @BeforeEach
  void createParentCgroup() throws IOException {
    kernel = RealCpusetKernel.require(CpusetHierarchy.SELF_MOUNTINFO, Path.of("/proc/self/status"));
    parent = kernel.createRoot("podtopo-test-" + UUID.randomUUID().toString().substring(0, 8));
  }

  @AfterEach
  void removeCgroups() throws IOException, InterruptedException {
    kernel.cleanUp(parent);
  }

  @Test
  void aPodAdmittedOnThisMachineIsSavedPinnedByTheKernelAndRestoredWithoutAllocatingAgain() throws Exception {
    NodeSettings settings = BuiltInKubeletConfig.fittedTo(SysfsTopology.read(SysfsTopology.HOST_ROOT).toMachine());
    LinuxNode node = LinuxNode.self(stateDir, parent.getFileName().toString(), CgroupDriver.CGROUPFS);
    NodeResourceManager manager = PodtopoComponent.reference().linuxNode().create(settings, node).nodeResourceManager();

    Admission admission = manager.admit(POD);

    assertThat(admission.failure()).as("admission of a 1-CPU Guaranteed pod on this machine").isEmpty();
    CpuSet exclusive = manager.snapshot().state().cpu().containerCpus("pod-a", "app").orElseThrow();
    assertThat(exclusive.size()).isEqualTo(1);
    assertThat(exclusive.contains(0)).as("CPU 0 is reserved by the built-in config").isFalse();
    Path container = parent.resolve("podpod-a").resolve("podtopo-app");
    assertThat(Files.readString(container.resolve("cpuset.cpus")).strip()).isEqualTo(exclusive.toString());
    assertThat(Files.readString(container.resolve("cpuset.mems")).strip()).isEqualTo("0");
    Process sleeper = kernel.sleepIn(container);
    assertThat(RealCpusetKernel.status(sleeper, "Cpus_allowed_list")).isEqualTo(exclusive.toString());
    assertThat(RealCpusetKernel.status(sleeper, "Mems_allowed_list")).isEqualTo("0");
    assertThat(new StateDirectory(stateDir).file()).isRegularFile();

    NodeSnapshot before = manager.snapshot();
    NodeResourceManager restarted = PodtopoComponent.reference().linuxNode().create(settings, node).nodeResourceManager();

    // The Topology Manager's stored hints and started containers are kept in memory only (D-43).
    assertThat(restarted.snapshot()).isEqualTo(new NodeSnapshot.Builder().from(before).state(new NodeState.Builder()
        .from(before.state()).topologyHints(TrackedSortedMap.empty()).startedContainers(TrackedSortedMap.empty()).build()).build());
    assertThat(restarted.reconcile()).as("after a restart every container is written again, with the same value")
        .singleElement().satisfies(write -> assertThat(write.cpus()).isEqualTo(exclusive));
    assertThat(restarted.admit(POD).failure()).isEmpty();
    assertThat(restarted.snapshot()).as("an active pod is never allocated twice, its hints stored again")
        .isEqualTo(new NodeSnapshot.Builder().from(before).state(new NodeState.Builder()
            .from(before.state()).startedContainers(TrackedSortedMap.empty()).build()).build());
    assertThat(RealCpusetKernel.status(sleeper, "Cpus_allowed_list")).isEqualTo(exclusive.toString());
  }
}
