package io.podtopo.app;

import dagger.Module;
import dagger.Provides;
import io.podtopo.adapters.fake.UnenforcedCpusets;
import io.podtopo.adapters.linux.cgroup.CgroupCpusetWriter;
import io.podtopo.adapters.linux.store.FileAllocationStore;
import io.podtopo.app.input.NodeConfigs;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.CpusetWriter;
import io.podtopo.ports.out.MachineSource;

/**
 * The Linux adapters behind the driven ports of a real node (the counterpart of
 * {@link FakeAdaptersModule}), all placed by a {@link LinuxNode}: the machine (normally from sysfs),
 * the durable state in a folder, container cpusets in the node's cgroup hierarchy (v1 or v2, as its
 * mounts say) or, without a cgroup root, nowhere; the node's configuration is its kubelet settings
 * over the machine. Metrics are bound by the component ({@link CountedMetricsModule} or
 * {@link PrometheusMetricsModule}).
 */
@Module
interface LinuxAdaptersModule {

  @Provides
  @NodeScope
  static MachineSource machineSource(LinuxNode node) {
    return node.machine();
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
    return node.cgroupRoot()
        .<CpusetWriter>map(root -> CgroupCpusetWriter.onNode(node.mountInfo(), root, node.cgroupDriver()))
        .orElseGet(UnenforcedCpusets::new);
  }
}
