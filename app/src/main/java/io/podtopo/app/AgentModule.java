package io.podtopo.app;

import dagger.Module;
import dagger.Provides;
import io.podtopo.adapters.prometheus.MetricsRegistry;
import io.podtopo.app.agent.Agent;
import io.podtopo.app.agent.AgentOptions;
import io.podtopo.app.agent.DecisionLog;
import io.podtopo.ports.in.NodeResourceManager;

/** The {@link Agent} of an {@link AgentComponent}: one per component, over the component's node and metrics. */
@Module
interface AgentModule {

  @Provides
  @NodeScope
  static Agent agent(NodeResourceManager node, AgentOptions options, DecisionLog log, MetricsRegistry metrics) {
    return new Agent(node, options, log, metrics);
  }
}
