package io.podtopo.domain.gates;

import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The kubelet feature gates that matter to the node resource managers, with their v1.37 defaults.
 * Unknown gates are kept (a KubeletConfiguration may name others) but change nothing here.
 */
public final class FeatureGates {

  public static final String POD_LEVEL_RESOURCES = "PodLevelResources";
  public static final String POD_LEVEL_RESOURCE_MANAGERS = "PodLevelResourceManagers";
  /** v1.37 beta, on: pod-level defaulting moves to the API server's create (decision D-42). */
  public static final String POD_LEVEL_RESOURCES_FIX_DEFAULTING = "PodLevelResourcesFixDefaulting";
  /** v1.37 beta, on: an empty {@code spec.resources} no longer decides the QoS class (D-42). */
  public static final String POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS = "PodLevelResourcesFixKubeletQOSClass";
  public static final String CPU_MANAGER_POLICY_ALPHA_OPTIONS = "CPUManagerPolicyAlphaOptions";
  public static final String CPU_MANAGER_POLICY_BETA_OPTIONS = "CPUManagerPolicyBetaOptions";
  public static final String TOPOLOGY_MANAGER_POLICY_ALPHA_OPTIONS = "TopologyManagerPolicyAlphaOptions";
  public static final String TOPOLOGY_MANAGER_POLICY_BETA_OPTIONS = "TopologyManagerPolicyBetaOptions";

  /**
   * v1.37 defaults: PodLevelResources on (beta), PodLevelResourceManagers off (beta, disabled by
   * default), PodLevelResourcesFixDefaulting and PodLevelResourcesFixKubeletQOSClass on (beta).
   */
  private static final Map<String, Boolean> DEFAULTS = Map.of(
      POD_LEVEL_RESOURCES, true,
      POD_LEVEL_RESOURCE_MANAGERS, false,
      POD_LEVEL_RESOURCES_FIX_DEFAULTING, true,
      POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS, true,
      CPU_MANAGER_POLICY_ALPHA_OPTIONS, false,
      CPU_MANAGER_POLICY_BETA_OPTIONS, true,
      TOPOLOGY_MANAGER_POLICY_ALPHA_OPTIONS, false,
      TOPOLOGY_MANAGER_POLICY_BETA_OPTIONS, true);

  private static final FeatureGates DEFAULT_GATES = new FeatureGates(new TreeMap<>());

  private final SortedMap<String, Boolean> overrides;

  private FeatureGates(SortedMap<String, Boolean> overrides) {
    this.overrides = overrides;
  }

  /** All gates at their defaults. */
  public static FeatureGates defaults() {
    return DEFAULT_GATES;
  }

  /** The defaults with these gates set explicitly. */
  public static FeatureGates of(Map<String, Boolean> overrides) {
    return new FeatureGates(new TreeMap<>(overrides));
  }

  /** These gates with one more set. */
  public FeatureGates with(String gate, boolean enabled) {
    SortedMap<String, Boolean> copy = new TreeMap<>(overrides);
    copy.put(gate, enabled);
    return new FeatureGates(copy);
  }

  /** Whether a gate is on; an unknown gate that was not set is off. */
  public boolean enabled(String gate) {
    return overrides.getOrDefault(gate, DEFAULTS.getOrDefault(gate, false));
  }

  /** Both gates of KEP-5526: pod-level resources and the pod-level resource managers. */
  public boolean podLevelResourceManagers() {
    return enabled(POD_LEVEL_RESOURCES) && enabled(POD_LEVEL_RESOURCE_MANAGERS);
  }

  /** The gates set explicitly, by name. */
  public SortedMap<String, Boolean> overrides() {
    return java.util.Collections.unmodifiableSortedMap(overrides);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof FeatureGates that && overrides.equals(that.overrides);
  }

  @Override
  public int hashCode() {
    return overrides.hashCode();
  }

  @Override
  public String toString() {
    return "FeatureGates" + overrides;
  }
}
