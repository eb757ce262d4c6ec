package io.podtopo.domain.node;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.domain.topologymanager.TopologyPolicy;
import java.util.Optional;
import java.util.SortedMap;
import org.immutables.value.Value;

/**
 * Everything a KubeletConfiguration says about the node resource managers, plus the feature gates.
 * Defaults are the kubelet's: CPU policy {@code none}, Topology Manager {@code none} in
 * {@code container} scope, Memory Manager {@code None}, nothing reserved, default gates.
 *
 * <p>Values are taken as written; {@link NodeResourceManagers#create} checks them against the
 * machine the way the kubelet does at start.
 */
@Value.Immutable
public abstract class NodeConfig {

  /** {@code cpuManagerPolicy}. */
  @Value.Default
  public CpuManagerPolicy cpuManagerPolicy() {
    return CpuManagerPolicy.NONE;
  }

  /** {@code cpuManagerPolicyOptions}: option name → value (e.g. {@code full-pcpus-only → "true"}). */
  @Value.NaturalOrder
  public abstract SortedMap<String, String> cpuManagerPolicyOptions();

  /** {@code reservedSystemCPUs}: an explicit reserved CPU list; wins over {@link #reservedCpuCount()}. */
  public abstract Optional<CpuSet> reservedSystemCpus();

  /**
   * The number of CPUs to reserve when no explicit list is given: upstream
   * {@code ceil(kubeReserved.cpu + systemReserved.cpu)} (the static policy needs at least one).
   */
  @Value.Default
  public int reservedCpuCount() {
    return 0;
  }

  /** {@code topologyManagerPolicy}. */
  @Value.Default
  public TopologyManagerPolicy topologyManagerPolicy() {
    return TopologyManagerPolicy.NONE;
  }

  /** {@code topologyManagerScope}. */
  @Value.Default
  public TopologyManagerScope topologyManagerScope() {
    return TopologyManagerScope.defaultScope();
  }

  /** {@code topologyManagerPolicyOptions}: option name → value. */
  @Value.NaturalOrder
  public abstract SortedMap<String, String> topologyManagerPolicyOptions();

  /** {@code memoryManagerPolicy}. */
  @Value.Default
  public MemoryManagerPolicy memoryManagerPolicy() {
    return MemoryManagerPolicy.NONE;
  }

  /** {@code reservedMemory}: NUMA node id → resource ({@code memory}, {@code hugepages-<size>}) → bytes. */
  @Value.NaturalOrder
  public abstract SortedMap<Integer, SortedMap<String, Long>> reservedMemory();

  /** {@code maxPods}: how many pods the node admits (its allocatable pods, NA-22). */
  @Value.Default
  public int maxPods() {
    return 110;
  }

  /** {@code featureGates}. */
  @Value.Default
  public FeatureGates featureGates() {
    return FeatureGates.defaults();
  }

  /**
   * Not a kubelet setting: the NUMA node count above which the Topology Manager merges the CPU and
   * memory hint lists from their descriptions instead of enumerating them (ADR 0007). Both ways
   * decide the same; the property tests set 0 to compare them on small machines.
   */
  @Value.Default
  public int implicitHintsAboveNumaNodes() {
    return TopologyPolicy.DEFAULT_IMPLICIT_HINTS_ABOVE;
  }

  /**
   * Not a kubelet setting: which behaviour every {@link io.podtopo.domain.quirks.KubeletQuirk}
   * reproduces (ADR 0008): kubelet v1.37's by default, so that an admission predicts a real node;
   * {@link Behaviour#SPEC} for the corrected one, under which the invariants hold.
   */
  @Value.Default
  public Behaviour behaviour() {
    return Behaviour.KUBELET;
  }

  /** The kubelet defaults. */
  public static NodeConfig defaults() {
    return new Builder().build();
  }

  /** Builder: {@code new NodeConfig.Builder().cpuManagerPolicy(CpuManagerPolicy.STATIC)...build()}. */
  public static class Builder extends ImmutableNodeConfig.Builder {}
}
