package io.podtopo.ports.in;

import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * What a {@link Simulator} runs: a machine, a node configuration, where the node starts and the
 * steps, in order.
 */
@Value.Immutable
public abstract class Scenario {

  public abstract Machine machine();

  public abstract NodeConfig config();

  /**
   * The state the node starts from when it is not empty, as the managers' start-up validation
   * ({@link io.podtopo.domain.node.NodeResourceManagers#start}) gave it back, e.g. the state a
   * kubelet's checkpoint files hold. Every pod holding an entry in it is active; its spec is unknown
   * (it is not among the other pods an admission weighs) until a step admits it. Empty: the node
   * starts empty.
   */
  public abstract Optional<NodeState> restoredState();

  public abstract List<ScenarioStep> steps();

  /** Builder: {@code new Scenario.Builder().machine(m).config(c).addStep(ScenarioStep.admit(pod)).build()}. */
  public static class Builder extends ImmutableScenario.Builder {}
}
