package io.podtopo.app.input;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.CpuSet;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import org.immutables.value.Value;

/**
 * What a {@code KubeletConfiguration} says about the node resource managers, as written (names and
 * values checked, nothing derived yet). Absent fields carry the kubelet's defaults: policies
 * {@code none}/{@code None}, scope {@code container}, no options, no reservations, hard eviction at
 * {@code memory.available<100Mi}, default gates. {@link NodeConfigs} derives the domain's
 * {@code NodeConfig} and makes the checks across fields.
 */
@Value.Immutable
public abstract class NodeSettings {

  /** The file the settings were read from, or a description of their origin. */
  public abstract String source();

  /** {@code cpuManagerPolicy}: {@code none} or {@code static}. */
  @Value.Default
  public String cpuManagerPolicy() {
    return "none";
  }

  /** {@code cpuManagerPolicyOptions}, by option name. */
  @Value.NaturalOrder
  public abstract SortedMap<String, String> cpuManagerPolicyOptions();

  /** {@code reservedSystemCPUs}, when given. */
  public abstract Optional<CpuSet> reservedSystemCpus();

  /** {@code kubeReserved}, by resource name. */
  @Value.NaturalOrder
  public abstract SortedMap<String, Quantity> kubeReserved();

  /** {@code systemReserved}, by resource name. */
  @Value.NaturalOrder
  public abstract SortedMap<String, Quantity> systemReserved();

  /** {@code topologyManagerPolicy}: {@code none}, {@code best-effort}, {@code restricted} or {@code single-numa-node}. */
  @Value.Default
  public String topologyManagerPolicy() {
    return "none";
  }

  /** {@code topologyManagerScope}: {@code container} or {@code pod}. */
  @Value.Default
  public String topologyManagerScope() {
    return "container";
  }

  /** {@code topologyManagerPolicyOptions}, by option name. */
  @Value.NaturalOrder
  public abstract SortedMap<String, String> topologyManagerPolicyOptions();

  /** {@code memoryManagerPolicy}: {@code None} or {@code Static}. */
  @Value.Default
  public String memoryManagerPolicy() {
    return "None";
  }

  /**
   * {@code evictionHard["memory.available"]}: a quantity such as {@code 100Mi} or a percentage of
   * the machine's memory such as {@code 5%}. The kubelet's default {@code 100Mi} when the file has no
   * {@code evictionHard}; {@code 0} when its {@code evictionHard} leaves memory out.
   */
  @Value.Default
  public String evictionHardMemoryAvailable() {
    return "100Mi";
  }

  /** {@code maxPods}: the pods the node admits. */
  @Value.Default
  public int maxPods() {
    return 110;
  }

  /** {@code reservedMemory}, in file order. */
  public abstract List<ReservedMemory> reservedMemory();

  /** {@code featureGates} over the v1.37 defaults. */
  @Value.Default
  public FeatureGates featureGates() {
    return FeatureGates.defaults();
  }

  /**
   * Not a kubelet field (command lines give it with {@code --behaviour}): whether the node reproduces
   * kubelet v1.37 at every quirk or behaves as corrected (ADR 0008); the kubelet's by default.
   */
  @Value.Default
  public Behaviour behaviour() {
    return Behaviour.KUBELET;
  }

  /** These settings under {@code behaviour}. */
  public NodeSettings withBehaviour(Behaviour chosen) {
    return new Builder().from(this).behaviour(chosen).build();
  }

  /** Builder: {@code new NodeSettings.Builder().source("kubelet.yaml")...build()}. */
  public static class Builder extends ImmutableNodeSettings.Builder {}
}
