package io.podtopo.app;

import dagger.Module;
import dagger.Provides;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.CpusetWriter;
import io.podtopo.ports.out.MachineSource;
import io.podtopo.ports.out.MetricsRecorder;
import io.podtopo.service.NodeResourceManagerService;

/**
 * One node's {@link NodeResourceManager}: the service over the component's {@link NodeConfig} and
 * {@link MachineSource} and whatever adapters the component binds to the other driven ports.
 */
@Module
interface NodeModule {

  @Provides
  @NodeScope
  static NodeResourceManager nodeResourceManager(NodeConfig config, MachineSource machine, AllocationStore store,
      CpusetWriter writer, MetricsRecorder metrics) {
    return new NodeResourceManagerService(config, machine, store, writer, metrics);
  }
}
