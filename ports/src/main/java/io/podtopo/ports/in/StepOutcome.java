package io.podtopo.ports.in;

import io.podtopo.domain.node.Admission;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * What one {@link ScenarioStep} did: the admission (admitted or rejected, with its trace) for an
 * admit step, and the snapshot after the step.
 */
@Value.Immutable
public abstract class StepOutcome {

  public abstract ScenarioStep step();

  /** Present iff the step admits a pod. */
  public abstract Optional<Admission> admission();

  /** The node after the step. */
  public abstract NodeSnapshot after();

  /** Builder: {@code new StepOutcome.Builder().step(s).after(snapshot).build()}. */
  public static class Builder extends ImmutableStepOutcome.Builder {}
}
