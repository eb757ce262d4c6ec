package io.podtopo.domain.topologymanager;

import org.immutables.value.Value;

/** What a policy's {@code Merge} returns: the merged hint and whether the pod may be admitted with it. */
@Value.Immutable
public abstract class MergeDecision {

  @Value.Parameter
  public abstract TopologyHint hint();

  @Value.Parameter
  public abstract boolean admit();

  public static MergeDecision of(TopologyHint hint, boolean admit) {
    return ImmutableMergeDecision.of(hint, admit);
  }
}
