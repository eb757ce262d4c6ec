package io.podtopo.app;

import dagger.Module;
import dagger.Provides;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.linux.cgroup.CgroupCpusetWriter;
import io.podtopo.adapters.linux.store.FileAllocationStore;
import io.podtopo.adapters.linux.sysfs.SysfsMachineSource;
import io.podtopo.app.input.NodeConfigs;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.CpusetWriter;
import io.podtopo.ports.out.MachineSource;
import io.podtopo.ports.out.MetricsRecorder;

/**
 * The Linux adapters behind the driven ports of a real node (the counterpart of
 * {@link FakeAdaptersModule}): the machine from sysfs, the durable state in a folder, container
 * cpusets in the node's cgroup hierarchy (v1 or v2, as its mounts say), all placed by a
 * {@link LinuxNode}; the node's configuration is its kubelet settings over the discovered machine.
 * Metrics are counted in memory until an exporter is bound.
 */
@Module
interface LinuxAdaptersModule {

  @Provides
  @NodeScope
  static MachineSource machineSource(LinuxNode node) {
    return new SysfsMachineSource(node.sysfsRoot());
  }

  @Provides
  @NodeScope
  static NodeConfig nodeConfig(NodeSettings settings, MachineSource machine) {
    return NodeConfigs.config(settings, machine.machine());
  }

  @Provides
  @NodeScope
  static AllocationStore allocationStore(LinuxNode node) {
    return FileAllocationStore.open(node.stateDir());
  }

  @Provides
  @NodeScope
  static CpusetWriter cpusetWriter(LinuxNode node) {
    return CgroupCpusetWriter.onNode(node.mountInfo(), node.cgroupParent(), node.cgroupDriver());
  }

  @Provides
  @NodeScope
  static MetricsRecorder metricsRecorder() {
    return new InMemoryMetricsRecorder();
  }
}
