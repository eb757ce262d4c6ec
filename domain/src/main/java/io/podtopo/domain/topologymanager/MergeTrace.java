package io.podtopo.domain.topologymanager;

import java.util.List;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One merge of an admission, as data: for which container (none for a pod-scope merge), every
 * provider's answer in provider order, the merged hint and the policy's decision.
 */
@Value.Immutable
public abstract class MergeTrace {

  /** The container merged for; empty for a pod-scope merge. */
  public abstract Optional<String> container();

  public abstract List<ProviderAnswer> answers();

  public abstract TopologyHint bestHint();

  public abstract boolean admit();

  /** Builder: {@code new MergeTrace.Builder().bestHint(hint).admit(true).build()}. */
  public static class Builder extends ImmutableMergeTrace.Builder {}
}
