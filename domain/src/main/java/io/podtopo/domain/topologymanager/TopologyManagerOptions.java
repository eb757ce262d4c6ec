package io.podtopo.domain.topologymanager;

import io.podtopo.domain.text.GoQuote;
import io.podtopo.domain.text.GoStrconv;
import io.podtopo.domain.gates.FeatureGates;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * The Topology Manager policy options ({@code topologyManagerPolicyOptions}), parsed and checked
 * as upstream {@code NewPolicyOptions} does.
 *
 * <p>Both options are in the stable set of the newest upstream options file, so no feature gate
 * is needed for them; the alpha and beta gates are still honoured for options of those levels.
 */
@Value.Immutable
public abstract class TopologyManagerOptions {

  public static final String PREFER_CLOSEST_NUMA_NODES = "prefer-closest-numa-nodes";
  public static final String MAX_ALLOWABLE_NUMA_NODES = "max-allowable-numa-nodes";

  /** Upstream {@code defaultMaxAllowableNUMANodes}: the default and the minimum. */
  public static final int DEFAULT_MAX_ALLOWABLE_NUMA_NODES = 8;

  /** How mature each option is in the newest upstream options file. */
  private static final Map<String, Maturity> MATURITY = Map.of(
      PREFER_CLOSEST_NUMA_NODES, Maturity.STABLE,
      MAX_ALLOWABLE_NUMA_NODES, Maturity.STABLE);

  /** Maturity levels of upstream's {@code alphaOptions}, {@code betaOptions} and {@code stableOptions}. */
  enum Maturity { ALPHA, BETA, STABLE }

  /** With equally wide candidates, prefer the NUMA nodes with the smallest average distance. */
  @Value.Default
  public boolean preferClosestNumaNodes() {
    return false;
  }

  /** Machines with more NUMA nodes than this are refused (unless the policy is none). */
  @Value.Default
  public int maxAllowableNumaNodes() {
    return DEFAULT_MAX_ALLOWABLE_NUMA_NODES;
  }

  @Value.Check
  protected void check() {
    if (maxAllowableNumaNodes() < DEFAULT_MAX_ALLOWABLE_NUMA_NODES) {
      throw belowMinimum();
    }
  }

  private static InvalidTopologyManagerConfigException belowMinimum() {
    return new InvalidTopologyManagerConfigException("the minimum value of " + GoQuote.of(MAX_ALLOWABLE_NUMA_NODES)
        + " should not be less than " + DEFAULT_MAX_ALLOWABLE_NUMA_NODES);
  }

  /** No option set. */
  public static TopologyManagerOptions defaults() {
    return new Builder().build();
  }

  /**
   * Parses the options map of a KubeletConfiguration. Options are checked in name order, so the
   * first error reported is deterministic (upstream iterates a Go map).
   *
   * @throws InvalidTopologyManagerConfigException with upstream's message for an unknown option,
   *     an option whose maturity gate is off, or a bad value
   */
  public static TopologyManagerOptions parse(Map<String, String> options, FeatureGates gates) {
    Builder builder = new Builder();
    SortedMap<String, String> sorted = new TreeMap<>(options);
    sorted.forEach((name, value) -> {
      checkAvailable(name, MATURITY, gates);
      switch (name) {
        case PREFER_CLOSEST_NUMA_NODES -> builder.preferClosestNumaNodes(GoStrconv.parseBool(value)
            .orElseThrow(() -> new InvalidTopologyManagerConfigException("bad value for option "
                + GoQuote.of(name) + ": strconv.ParseBool: parsing " + GoQuote.of(value) + ": invalid syntax")));
        case MAX_ALLOWABLE_NUMA_NODES -> builder.maxAllowableNumaNodes(parseMaxAllowable(name, value));
        default -> throw new InvalidTopologyManagerConfigException(
            "unsupported topologymanager option: " + GoQuote.of(name) + " (" + value + ")");
      }
    });
    return builder.build();
  }

  /** Upstream {@code CheckPolicyOptionAvailable} over a maturity table. */
  static void checkAvailable(String name, Map<String, Maturity> maturities, FeatureGates gates) {
    Maturity maturity = maturities.get(name);
    if (maturity == null) {
      throw new InvalidTopologyManagerConfigException("unknown Topology Manager Policy option: " + GoQuote.of(name));
    }
    if (maturity == Maturity.ALPHA && !gates.enabled(FeatureGates.TOPOLOGY_MANAGER_POLICY_ALPHA_OPTIONS)) {
      throw new InvalidTopologyManagerConfigException(
          "Topology Manager Policy Alpha-level Options not enabled, but option " + GoQuote.of(name) + " provided");
    }
    if (maturity == Maturity.BETA && !gates.enabled(FeatureGates.TOPOLOGY_MANAGER_POLICY_BETA_OPTIONS)) {
      throw new InvalidTopologyManagerConfigException(
          "Topology Manager Policy Beta-level Options not enabled, but option " + GoQuote.of(name) + " provided");
    }
  }

  private static int parseMaxAllowable(String name, String value) {
    long parsed;
    try {
      parsed = GoStrconv.atoi(value);
    } catch (NumberFormatException e) {
      throw new InvalidTopologyManagerConfigException("unable to convert policy option to integer "
          + GoQuote.of(name) + ": strconv.Atoi: parsing " + GoQuote.of(value) + ": " + e.getMessage());
    }
    if (parsed < DEFAULT_MAX_ALLOWABLE_NUMA_NODES) {
      throw belowMinimum();
    }
    // a machine has at most 1024 NUMA nodes, so larger limits all mean "no limit"
    return (int) Math.min(parsed, Integer.MAX_VALUE);
  }

  /** Builder: {@code new TopologyManagerOptions.Builder().preferClosestNumaNodes(true).build()}. */
  public static class Builder extends ImmutableTopologyManagerOptions.Builder {}
}
