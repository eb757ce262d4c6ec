package io.podtopo.domain.topologymanager;

import java.util.List;
import java.util.Objects;

/**
 * A configured Topology Manager policy: the policy, the machine's {@link NumaInfo} and the policy
 * options. {@link #merge} is upstream's {@code Policy.Merge}, a pure function of the providers'
 * answers.
 *
 * <p>On machines of more than {@link #implicitHintsAbove()} NUMA nodes, lists the providers
 * describe ({@link ResourceHints#implicit}) are merged without being listed ({@link ImplicitMerge},
 * ADR 0007); on smaller machines, and when the description search gives up within its budget on up
 * to {@value MaskFamily#MAX_MATERIALISED_NODES} nodes, they are listed and merged as always
 * ({@link HintMerger}). Beyond that many nodes a search that gives up is the named limitation
 * {@link ImplicitMergeLimitException}.
 */
public final class TopologyPolicy {

  private final TopologyManagerPolicy policy;
  private final NumaInfo numaInfo;
  private final TopologyManagerOptions options;
  private final int implicitHintsAbove;

  /** Below this many NUMA nodes and at it, described lists are listed and merged as lists. */
  public static final int DEFAULT_IMPLICIT_HINTS_ABOVE = 10;

  private TopologyPolicy(TopologyManagerPolicy policy, NumaInfo numaInfo, TopologyManagerOptions options,
      int implicitHintsAbove) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.numaInfo = Objects.requireNonNull(numaInfo, "numaInfo");
    this.options = Objects.requireNonNull(options, "options");
    this.implicitHintsAbove = implicitHintsAbove;
  }

  public static TopologyPolicy of(TopologyManagerPolicy policy, NumaInfo numaInfo, TopologyManagerOptions options) {
    return new TopologyPolicy(policy, numaInfo, options, DEFAULT_IMPLICIT_HINTS_ABOVE);
  }

  /**
   * The same policy merging described lists without listing them on machines of more than
   * {@code nodes} NUMA nodes. 0 means always, and never listing them instead when a search gives up
   * (then {@link ImplicitMergeLimitException}): what the property tests comparing both ways use, so
   * that a fallback cannot hide a difference.
   */
  public TopologyPolicy withImplicitHintsAbove(int nodes) {
    return new TopologyPolicy(policy, numaInfo, options, nodes);
  }

  /** The NUMA node count above which described lists are merged without being listed. */
  public int implicitHintsAbove() {
    return implicitHintsAbove;
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
    List<ResourceHints> resources = ProviderHints.resourceLists(providers);
    boolean implicit = numaInfo.nodes().size() > implicitHintsAbove
        && resources.stream().anyMatch(hints -> hints.family().isPresent());
    TopologyHint best;
    if (!implicit) {
      best = listedMerge(resources);
    } else if (policy == TopologyManagerPolicy.SINGLE_NUMA_NODE) {
      List<MergeList> lists = resources.stream()
          .map(hints -> hints.family().map(MaskFamily::singleNumaNode).orElseGet(() -> hints.mergeList().singleNumaNode()))
          .toList();
      best = new HintMerger(numaInfo, lists, policy, options).merge();
    } else {
      best = implicitMerge(resources);
    }
    if (policy == TopologyManagerPolicy.SINGLE_NUMA_NODE
        && best.affinity().filter(numaInfo.defaultAffinityMask()::equals).isPresent()) {
      best = TopologyHint.any(best.preferred());
    }
    return MergeDecision.of(best, policy.canAdmit(best));
  }

  private TopologyHint listedMerge(List<ResourceHints> resources) {
    List<MergeList> lists = resources.stream().map(ResourceHints::mergeList).toList();
    if (policy == TopologyManagerPolicy.SINGLE_NUMA_NODE) {
      lists = lists.stream().map(MergeList::singleNumaNode).toList();
    }
    return new HintMerger(numaInfo, lists, policy, options).merge();
  }

  private TopologyHint implicitMerge(List<ResourceHints> resources) {
    List<MergeInput> inputs = resources.stream().map(ResourceHints::mergeInput).toList();
    try {
      return new ImplicitMerge(numaInfo, inputs, options.preferClosestNumaNodes(),
          SearchBudget.forNodes(numaInfo.nodes().size())).merge();
    } catch (SearchBudget.Exhausted e) {
      if (implicitHintsAbove > 0 && resources.stream().allMatch(ResourceHints::isListable)) {
        return listedMerge(resources);
      }
      throw new ImplicitMergeLimitException(numaInfo.nodes().size(), policy, options.preferClosestNumaNodes());
    }
  }

  @Override
  public String toString() {
    return policy + " " + numaInfo + " " + options;
  }
}
