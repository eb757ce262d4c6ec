package io.podtopo.ports.in;

import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import org.immutables.value.Value;

/** What a {@link Simulator} runs: a machine, a node configuration and the steps, in order. */
@Value.Immutable
public abstract class Scenario {

  public abstract Machine machine();

  public abstract NodeConfig config();

  public abstract List<ScenarioStep> steps();

  /** Builder: {@code new Scenario.Builder().machine(m).config(c).addStep(ScenarioStep.admit(pod)).build()}. */
  public static class Builder extends ImmutableScenario.Builder {}
}
