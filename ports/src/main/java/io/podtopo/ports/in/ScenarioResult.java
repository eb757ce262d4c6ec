package io.podtopo.ports.in;

import io.podtopo.domain.node.NodeResourceManagers;
import java.util.List;
import org.immutables.value.Value;

/**
 * A {@link Simulator}'s run: the node before the first step, every step's outcome in step order
 * (up to a restart the managers refused, which ends the run), and the node at the end.
 */
@Value.Immutable
public abstract class ScenarioResult {

  /** The resource managers the run started with. */
  @Value.Auxiliary
  public abstract NodeResourceManagers managers();

  /** The node before the first step. */
  public abstract NodeSnapshot initial();

  public abstract List<StepOutcome> outcomes();

  /** The node after the last step run (the initial node when there are no steps). */
  public NodeSnapshot finalSnapshot() {
    return outcomes().isEmpty() ? initial() : outcomes().get(outcomes().size() - 1).after();
  }

  /** Builder: {@code new ScenarioResult.Builder().managers(m).initial(s).addOutcome(o).build()}. */
  public static class Builder extends ImmutableScenarioResult.Builder {}
}
