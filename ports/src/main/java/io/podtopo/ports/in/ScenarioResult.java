package io.podtopo.ports.in;

import java.util.List;
import org.immutables.value.Value;

/** Every step's outcome, in step order, and the node at the end. */
@Value.Immutable
public abstract class ScenarioResult {

  public abstract List<StepOutcome> outcomes();

  /** The node after the last step (the initial node when there are no steps). */
  public abstract NodeSnapshot finalSnapshot();

  /** Builder: {@code new ScenarioResult.Builder().addOutcome(o).finalSnapshot(s).build()}. */
  public static class Builder extends ImmutableScenarioResult.Builder {}
}
