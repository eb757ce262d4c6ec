package io.podtopo.domain.cpumanager;

import io.podtopo.domain.text.GoQuote;
import io.podtopo.domain.text.GoStrconv;
import io.podtopo.domain.gates.FeatureGates;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.immutables.value.Value;

/**
 * The options of the CPU Manager {@code static} policy (upstream {@code StaticPolicyOptions}),
 * parsed from the kubelet's {@code cpuManagerPolicyOptions} map.
 *
 * <p>Maturity (newest upstream options file): {@code full-pcpus-only} stable;
 * {@code strict-cpu-reservation}, {@code distribute-cpus-across-numa},
 * {@code prefer-align-cpus-by-uncorecache} beta (gate {@code CPUManagerPolicyBetaOptions});
 * {@code align-by-socket}, {@code distribute-cpus-across-cores} alpha (gate
 * {@code CPUManagerPolicyAlphaOptions}). Values are parsed as Go's {@code strconv.ParseBool}.
 */
@Value.Immutable
public abstract class StaticPolicyOptions {

  public static final String FULL_PCPUS_ONLY = "full-pcpus-only";
  public static final String DISTRIBUTE_CPUS_ACROSS_NUMA = "distribute-cpus-across-numa";
  public static final String ALIGN_BY_SOCKET = "align-by-socket";
  public static final String DISTRIBUTE_CPUS_ACROSS_CORES = "distribute-cpus-across-cores";
  public static final String STRICT_CPU_RESERVATION = "strict-cpu-reservation";
  public static final String PREFER_ALIGN_CPUS_BY_UNCORECACHE = "prefer-align-cpus-by-uncorecache";

  private static final Set<String> ALPHA = Set.of(ALIGN_BY_SOCKET, DISTRIBUTE_CPUS_ACROSS_CORES);
  private static final Set<String> BETA =
      Set.of(STRICT_CPU_RESERVATION, DISTRIBUTE_CPUS_ACROSS_NUMA, PREFER_ALIGN_CPUS_BY_UNCORECACHE);
  private static final Set<String> STABLE = Set.of(FULL_PCPUS_ONLY);

  /** {@code full-pcpus-only}: allocate whole physical cores only. */
  @Value.Default
  public boolean fullPhysicalCpusOnly() {
    return false;
  }

  /** {@code distribute-cpus-across-numa}: spread multi-NUMA allocations evenly. */
  @Value.Default
  public boolean distributeCpusAcrossNuma() {
    return false;
  }

  /** {@code align-by-socket}: align at socket rather than NUMA boundary. */
  @Value.Default
  public boolean alignBySocket() {
    return false;
  }

  /** {@code distribute-cpus-across-cores}: one thread per core first (spread sorting). */
  @Value.Default
  public boolean distributeCpusAcrossCores() {
    return false;
  }

  /** {@code strict-cpu-reservation}: reserved CPUs leave the default (shared) set. */
  @Value.Default
  public boolean strictCpuReservation() {
    return false;
  }

  /** {@code prefer-align-cpus-by-uncorecache}: best-effort uncore (L3) cache packing. */
  @Value.Default
  public boolean preferAlignByUncoreCache() {
    return false;
  }

  /** No option set. */
  public static StaticPolicyOptions defaults() {
    return new Builder().build();
  }

  /**
   * Upstream {@code NewStaticPolicyOptions}: every option must be known, allowed by its maturity
   * gate and hold a boolean; then the incompatible pairs are rejected. Options are examined in name
   * order (upstream walks a Go map, so with several bad options its first error is arbitrary).
   *
   * @throws StaticPolicyException with upstream's text
   */
  public static StaticPolicyOptions parse(Map<String, String> policyOptions, FeatureGates gates) {
    Builder options = new Builder();
    for (Map.Entry<String, String> option : new TreeMap<>(policyOptions).entrySet()) {
      String name = option.getKey();
      checkAvailable(name, gates);
      boolean value = parseBool(name, option.getValue());
      switch (name) {
        case FULL_PCPUS_ONLY -> options.fullPhysicalCpusOnly(value);
        case DISTRIBUTE_CPUS_ACROSS_NUMA -> options.distributeCpusAcrossNuma(value);
        case ALIGN_BY_SOCKET -> options.alignBySocket(value);
        case DISTRIBUTE_CPUS_ACROSS_CORES -> options.distributeCpusAcrossCores(value);
        case STRICT_CPU_RESERVATION -> options.strictCpuReservation(value);
        default -> options.preferAlignByUncoreCache(value);
      }
    }
    StaticPolicyOptions parsed = options.build();
    rejectTogether(parsed.fullPhysicalCpusOnly() && parsed.distributeCpusAcrossCores(),
        FULL_PCPUS_ONLY, DISTRIBUTE_CPUS_ACROSS_CORES);
    rejectTogether(parsed.distributeCpusAcrossNuma() && parsed.distributeCpusAcrossCores(),
        DISTRIBUTE_CPUS_ACROSS_NUMA, DISTRIBUTE_CPUS_ACROSS_CORES);
    rejectTogether(parsed.preferAlignByUncoreCache() && parsed.distributeCpusAcrossCores(),
        PREFER_ALIGN_CPUS_BY_UNCORECACHE, DISTRIBUTE_CPUS_ACROSS_CORES);
    rejectTogether(parsed.preferAlignByUncoreCache() && parsed.distributeCpusAcrossNuma(),
        PREFER_ALIGN_CPUS_BY_UNCORECACHE, DISTRIBUTE_CPUS_ACROSS_NUMA);
    return parsed;
  }

  /**
   * Upstream {@code ValidateStaticPolicyOptions}: {@code align-by-socket} is incompatible with the
   * Topology Manager {@code single-numa-node} policy and with machines that have more sockets than
   * NUMA nodes.
   *
   * @throws StaticPolicyException with upstream's text (typo "Topolgy" included)
   */
  public void validateFor(CpuTopology topology, String topologyManagerPolicy) {
    if (!alignBySocket()) {
      return;
    }
    if ("single-numa-node".equals(topologyManagerPolicy)) {
      throw new StaticPolicyException(
          "Topolgy manager single-numa-node policy is incompatible with CPUManager align-by-socket policy option");
    }
    if (topology.numSockets() > topology.numNumaNodes()) {
      throw new StaticPolicyException(
          "Align by socket is not compatible with hardware where number of sockets are more than number of NUMA");
    }
  }

  private static void checkAvailable(String name, FeatureGates gates) {
    if (!ALPHA.contains(name) && !BETA.contains(name) && !STABLE.contains(name)) {
      throw new StaticPolicyException("unknown CPU Manager Policy option: " + GoQuote.of(name));
    }
    if (ALPHA.contains(name) && !gates.enabled(FeatureGates.CPU_MANAGER_POLICY_ALPHA_OPTIONS)) {
      throw new StaticPolicyException(
          "CPU Manager Policy Alpha-level Options not enabled, but option " + GoQuote.of(name) + " provided");
    }
    if (BETA.contains(name) && !gates.enabled(FeatureGates.CPU_MANAGER_POLICY_BETA_OPTIONS)) {
      throw new StaticPolicyException(
          "CPU Manager Policy Beta-level Options not enabled, but option " + GoQuote.of(name) + " provided");
    }
  }

  private static boolean parseBool(String name, String value) {
    return GoStrconv.parseBool(value).orElseThrow(() -> new StaticPolicyException("bad value for option "
        + GoQuote.of(name) + ": strconv.ParseBool: parsing " + GoQuote.of(value) + ": invalid syntax"));
  }

  private static void rejectTogether(boolean both, String first, String second) {
    if (both) {
      throw new StaticPolicyException(
          "static policy options " + first + " and " + second + " can not be used at the same time");
    }
  }

  /** Builder: {@code new StaticPolicyOptions.Builder().fullPhysicalCpusOnly(true).build()}. */
  public static class Builder extends ImmutableStaticPolicyOptions.Builder {}
}
