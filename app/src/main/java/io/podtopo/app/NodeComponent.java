package io.podtopo.app;

import dagger.BindsInstance;
import dagger.Subcomponent;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.Simulator;
import io.podtopo.ports.out.MachineSource;

/**
 * One node: its {@link NodeResourceManager} over a {@link NodeConfig} and a {@link MachineSource}
 * given when the node is created, with the fake adapters behind the other driven ports
 * ({@link FakeAdaptersModule}). A subcomponent of {@link PodtopoComponent}: create one per node with
 * {@link PodtopoComponent#node()}.
 */
@NodeScope
@Subcomponent(modules = {NodeModule.class, FakeAdaptersModule.class, CountedMetricsModule.class})
public interface NodeComponent {

  /** The node's resource managers; one instance per component. */
  NodeResourceManager nodeResourceManager();

  /** The simulator (shared with the parent component). */
  Simulator simulator();

  /** Creates a node over a configuration and a machine. */
  @Subcomponent.Factory
  interface Factory {
    NodeComponent create(@BindsInstance NodeConfig config, @BindsInstance MachineSource machine);
  }
}
