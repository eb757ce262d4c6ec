package io.podtopo.domain.admission;

import io.podtopo.domain.pod.Quantity;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * A pod-level pod the managers cannot partition, found before any hint is asked (decisions Q3 and Q4
 * of the PLRM spec, {@code docs/spec/node-admission.md} NA-5 to NA-7): its {@link #problem()} with the
 * resource, and for an aggregate beyond the budget both amounts (made only by the three factories).
 */
@Value.Immutable
public abstract non-sealed class PodLevelResourcesValidationError implements AdmissionCause {

  /** The admission reason. */
  public static final String REASON = "PodLevelResourcesValidationError";

  /** What makes the pod one the managers cannot partition. */
  public enum Problem {
    /** Q3: {@code spec.resources} lacks cpu or memory, which KEP-2837 then takes from the containers. */
    BUDGET_LACKS_RESOURCE,
    /** Q3: the containers request a hugepage size {@code spec.resources} does not. */
    CONTAINERS_OUTSIDE_BUDGET,
    /** Q4: the containers' aggregated requests of a resource exceed the pod-level request. */
    AGGREGATE_EXCEEDS_BUDGET
  }

  public abstract Problem problem();

  /** The resource at fault: {@code cpu}, {@code memory}, a hugepage size. */
  public abstract String resource();

  /** The containers' aggregated requests of the resource (KEP-753), for {@link Problem#AGGREGATE_EXCEEDS_BUDGET}. */
  public abstract Optional<Quantity> aggregated();

  /** The pod-level request of the resource, for {@link Problem#AGGREGATE_EXCEEDS_BUDGET}. */
  public abstract Optional<Quantity> budget();

  /** Q3: {@code spec.resources} lacks {@code resource} (cpu or memory). */
  public static PodLevelResourcesValidationError budgetLacks(String resource) {
    return ImmutablePodLevelResourcesValidationError.builder().problem(Problem.BUDGET_LACKS_RESOURCE)
        .resource(resource).build();
  }

  /** Q3: the containers request {@code resource}, a hugepage size the pod-level resources lack. */
  public static PodLevelResourcesValidationError containersOutsideBudget(String resource) {
    return ImmutablePodLevelResourcesValidationError.builder().problem(Problem.CONTAINERS_OUTSIDE_BUDGET)
        .resource(resource).build();
  }

  /** Q4: the containers' {@code aggregated} requests of {@code resource} exceed the pod's {@code budget}. */
  public static PodLevelResourcesValidationError aggregateExceeds(String resource, Quantity aggregated,
      Quantity budget) {
    return ImmutablePodLevelResourcesValidationError.builder().problem(Problem.AGGREGATE_EXCEEDS_BUDGET)
        .resource(resource).aggregated(aggregated).budget(budget).build();
  }

  @Override
  public String reason() {
    return REASON;
  }

  @Override
  public String message() {
    return "pod rejected, " + switch (problem()) {
      case BUDGET_LACKS_RESOURCE -> "pod-level resources must set both cpu and memory requests and limits, but "
          + resource() + " is taken from the containers";
      case CONTAINERS_OUTSIDE_BUDGET -> "containers request " + resource() + " but the pod-level resources do not";
      case AGGREGATE_EXCEEDS_BUDGET -> "aggregated container requests of " + resource() + " ("
          + aggregated().orElseThrow() + ") exceed the pod-level request (" + budget().orElseThrow() + ")";
    };
  }
}
