package io.podtopo.app;

import dagger.BindsInstance;
import dagger.Subcomponent;
import io.podtopo.adapters.fake.EventLog;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.ports.out.MachineSource;

/** A {@link NodeComponent} with the production modules that also hands out its fake adapters. */
@NodeScope
@Subcomponent(modules = {NodeModule.class, FakeAdaptersModule.class, CountedMetricsModule.class})
interface TestNodeComponent extends NodeComponent {

  InMemoryAllocationStore store();

  RecordingCpusetWriter writer();

  InMemoryMetricsRecorder metrics();

  EventLog events();

  @Subcomponent.Factory
  interface Factory {
    TestNodeComponent create(@BindsInstance NodeConfig config, @BindsInstance MachineSource machine);
  }
}
