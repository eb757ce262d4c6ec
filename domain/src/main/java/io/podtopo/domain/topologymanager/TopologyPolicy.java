package io.podtopo.domain.topologymanager;

import java.util.List;
import java.util.Objects;

/**
 * A configured Topology Manager policy: the policy, the machine's {@link NumaInfo} and the policy
 * options. {@link #merge} is upstream's {@code Policy.Merge}, a pure function of the providers'
 * answers.
 */
public final class TopologyPolicy {

  private final TopologyManagerPolicy policy;
  private final NumaInfo numaInfo;
  private final TopologyManagerOptions options;

  private TopologyPolicy(TopologyManagerPolicy policy, NumaInfo numaInfo, TopologyManagerOptions options) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.numaInfo = Objects.requireNonNull(numaInfo, "numaInfo");
    this.options = Objects.requireNonNull(options, "options");
  }

  public static TopologyPolicy of(TopologyManagerPolicy policy, NumaInfo numaInfo, TopologyManagerOptions options) {
    return new TopologyPolicy(policy, numaInfo, options);
  }

  public TopologyManagerPolicy policy() {
    return policy;
  }

  public NumaInfo numaInfo() {
    return numaInfo;
  }

  public TopologyManagerOptions options() {
    return options;
  }

  /**
   * Merges the providers' answers (in provider order) into the best hint and decides admission:
   * <ul>
   *   <li>none: {@code {nil, not preferred}}, admitted;</li>
   *   <li>best-effort: the merged hint, always admitted;</li>
   *   <li>restricted: the merged hint, admitted iff preferred;</li>
   *   <li>single-numa-node: lists filtered to preferred nil or single-node hints, merged without
   *       {@code prefer-closest-numa-nodes}, an all-nodes result turned into {@code {nil,
   *       preferred}}; admitted iff preferred.</li>
   * </ul>
   */
  public MergeDecision merge(List<ProviderHints> providers) {
    if (policy == TopologyManagerPolicy.NONE) {
      TopologyHint none = TopologyHint.any(false);
      return MergeDecision.of(none, policy.canAdmit(none));
    }
    List<MergeList> lists = ProviderHints.mergeLists(providers);
    if (policy == TopologyManagerPolicy.SINGLE_NUMA_NODE) {
      lists = lists.stream().map(MergeList::singleNumaNode).toList();
    }
    TopologyHint best = new HintMerger(numaInfo, lists, policy, options).merge();
    if (policy == TopologyManagerPolicy.SINGLE_NUMA_NODE
        && best.affinity().filter(numaInfo.defaultAffinityMask()::equals).isPresent()) {
      best = TopologyHint.any(best.preferred());
    }
    return MergeDecision.of(best, policy.canAdmit(best));
  }

  @Override
  public String toString() {
    return policy + " " + numaInfo + " " + options;
  }
}
