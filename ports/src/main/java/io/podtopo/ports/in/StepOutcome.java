package io.podtopo.ports.in;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeResourceManagers;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * What one {@link ScenarioStep} of a {@link Simulator}'s run did: the admission (admitted or
 * rejected, with its trace) of an admit step, the error of a restart the managers refused, and the
 * node after the step.
 */
@Value.Immutable
public abstract class StepOutcome {

  public abstract ScenarioStep step();

  /** Present iff the step admits a pod. */
  public abstract Optional<Admission> admission();

  /**
   * Why the managers refused to start on the saved state (upstream {@code validateState}), for a
   * restart step: the kubelet does not start, and the run ends with this step.
   */
  public abstract Optional<String> startError();

  /**
   * The node after the step, as the kubelet's managers hold it in memory: a refused pod leaves what
   * kubelet v1.37 leaves of it (its stored hints, quirk {@code Q-stale-topology-hints}, a partial
   * bubble, {@code Q-cpu-partial-bubble}).
   */
  public abstract NodeSnapshot after();

  /** The resource managers after the step: new ones after a restart, the same ones otherwise. */
  @Value.Auxiliary
  public abstract NodeResourceManagers managers();

  /**
   * How long the admission's decision took ({@link NodeResourceManagers#admit}: hints, merge,
   * allocation and the resource-fit predicate), in nanoseconds; 0 for a step that admits nothing.
   * Not part of the outcome's equality.
   */
  @Value.Auxiliary
  @Value.Default
  public long admissionNanos() {
    return 0;
  }

  /** Builder: {@code new StepOutcome.Builder().step(s).after(snapshot).managers(m).build()}. */
  public static class Builder extends ImmutableStepOutcome.Builder {}
}
