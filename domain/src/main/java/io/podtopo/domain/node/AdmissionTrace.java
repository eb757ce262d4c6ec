package io.podtopo.domain.node;

import io.podtopo.domain.topologymanager.MergeTrace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * Every step of one admission, in order: each Topology Manager merge (each provider's hints, the
 * merged hint, the policy's decision), then each allocation and partition step. Deterministic: equal
 * inputs give equal traces.
 */
@Value.Immutable
public abstract class AdmissionTrace {

  public abstract List<MergeTrace> merges();

  public abstract List<AllocationStep> steps();

  /** The last merge, if any: in container scope, of the last container the Topology Manager got to. */
  Optional<MergeTrace> lastMerge() {
    return merges().isEmpty() ? Optional.empty() : Optional.of(merges().get(merges().size() - 1));
  }

  /** The last merge the policy refused, if any: the pod, or in container scope the container, it found no place for. */
  Optional<MergeTrace> lastRefusedMerge() {
    return merges().stream().filter(merge -> !merge.admit()).reduce((first, second) -> second);
  }

  /** The trace as readable lines: one per merge, then one per step. */
  public List<String> lines() {
    List<String> lines = new ArrayList<>();
    for (MergeTrace merge : merges()) {
      StringBuilder line = new StringBuilder("merge");
      merge.container().ifPresent(name -> line.append(' ').append(name));
      merge.answers().forEach(answer -> line.append(' ').append(answer.provider()).append('=').append(answer.hints()));
      line.append(" -> ").append(merge.bestHint()).append(merge.admit() ? " admit" : " reject");
      lines.add(line.toString());
    }
    steps().forEach(step -> lines.add(step.description()));
    return List.copyOf(lines);
  }

  /** Builder: {@code new AdmissionTrace.Builder().addMerge(m).addStep(s).build()}. */
  public static class Builder extends ImmutableAdmissionTrace.Builder {}
}
