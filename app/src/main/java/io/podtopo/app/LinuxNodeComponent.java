package io.podtopo.app;

import dagger.BindsInstance;
import dagger.Subcomponent;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.out.MachineSource;

/**
 * One real Linux node: its {@link NodeResourceManager} over the {@link LinuxAdaptersModule}, under the
 * kubelet settings it is created with. Creating the component reads nothing; the first call to
 * {@link #nodeResourceManager()} discovers the machine, checks the settings against it and restores
 * the saved state (refusing a state file it cannot trust), and every change is saved before the
 * cgroups are written. A subcomponent of {@link PodtopoComponent}: {@link PodtopoComponent#linuxNode()}.
 */
@NodeScope
@Subcomponent(modules = {NodeModule.class, LinuxAdaptersModule.class, CountedMetricsModule.class})
public interface LinuxNodeComponent {

  /** The node's resource managers; one instance per component. */
  NodeResourceManager nodeResourceManager();

  /** The machine, read from the node's sysfs once. */
  MachineSource machineSource();

  /** Creates a node from kubelet settings and where its adapters live. */
  @Subcomponent.Factory
  interface Factory {
    LinuxNodeComponent create(@BindsInstance NodeSettings settings, @BindsInstance LinuxNode node);
  }
}
