package io.podtopo.app;

import dagger.BindsInstance;
import dagger.Subcomponent;
import io.podtopo.app.agent.Agent;
import io.podtopo.app.agent.AgentOptions;
import io.podtopo.app.agent.DecisionLog;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.ports.in.NodeResourceManager;

/**
 * The node agent of {@code podtopo agent}: a real node ({@link LinuxAdaptersModule}: the machine, the
 * state folder, the cgroups of a {@link LinuxNode}) under kubelet settings, its PodResources server
 * and its metrics, with the {@link Agent} that keeps it in line with a folder of pod manifests. The
 * wiring another program uses to embed podtopo's agent: {@link PodtopoComponent#agent()}.
 */
@NodeScope
@Subcomponent(modules = {NodeModule.class, LinuxAdaptersModule.class, PrometheusMetricsModule.class, AgentModule.class})
public interface AgentComponent {

  /** The agent; one instance per component. */
  Agent agent();

  /** The node the agent runs (the same instance the agent uses). */
  NodeResourceManager nodeResourceManager();

  /** Creates an agent from kubelet settings, where its node's adapters live, its options and its log. */
  @Subcomponent.Factory
  interface Factory {
    AgentComponent create(@BindsInstance NodeSettings settings, @BindsInstance LinuxNode node,
        @BindsInstance AgentOptions options, @BindsInstance DecisionLog log);
  }
}
