package io.podtopo.domain.gates;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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

  public static final String IN_PLACE_POD_LEVEL_RESOURCES_VERTICAL_SCALING = "InPlacePodLevelResourcesVerticalScaling";
  public static final String IN_PLACE_POD_VERTICAL_SCALING = "InPlacePodVerticalScaling";
  public static final String NODE_DECLARED_FEATURES = "NodeDeclaredFeatures";
  public static final String CPU_MANAGER_POLICY_OPTIONS = "CPUManagerPolicyOptions";
  public static final String TOPOLOGY_MANAGER_POLICY_OPTIONS = "TopologyManagerPolicyOptions";

  /**
   * What kubelet v1.37's gate registry says of a gate ({@code pkg/features/kube_features.go}): its
   * default, whether it is locked to it (GA), and the gates it depends on
   * ({@code defaultKubernetesFeatureGateDependencies}, sorted as {@code AddDependencies} sorts them).
   */
  private record Spec(boolean defaultValue, boolean locked, List<String> dependencies) {}

  /**
   * The gates the managers read, and those that depend on {@code PodLevelResources} with their own
   * dependencies: PodLevelResources on (beta), PodLevelResourceManagers off (beta, disabled by
   * default), the policy-option gates, and the gates a kubelet refuses to start without.
   */
  private static final Map<String, Spec> SPECS = Map.ofEntries(
      Map.entry(POD_LEVEL_RESOURCES, new Spec(true, false, List.of())),
      Map.entry(POD_LEVEL_RESOURCE_MANAGERS, new Spec(false, false, List.of(POD_LEVEL_RESOURCES))),
      Map.entry(POD_LEVEL_RESOURCES_FIX_DEFAULTING, new Spec(true, false, List.of(POD_LEVEL_RESOURCES))),
      Map.entry(POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS, new Spec(true, false, List.of(POD_LEVEL_RESOURCES))),
      Map.entry(IN_PLACE_POD_LEVEL_RESOURCES_VERTICAL_SCALING, new Spec(true, false,
          List.of(IN_PLACE_POD_VERTICAL_SCALING, NODE_DECLARED_FEATURES, POD_LEVEL_RESOURCES))),
      Map.entry(IN_PLACE_POD_VERTICAL_SCALING, new Spec(true, true, List.of())),
      Map.entry(NODE_DECLARED_FEATURES, new Spec(true, true, List.of())),
      Map.entry(CPU_MANAGER_POLICY_OPTIONS, new Spec(true, true, List.of())),
      Map.entry(TOPOLOGY_MANAGER_POLICY_OPTIONS, new Spec(true, true, List.of())),
      Map.entry(CPU_MANAGER_POLICY_ALPHA_OPTIONS, new Spec(false, false, List.of())),
      Map.entry(CPU_MANAGER_POLICY_BETA_OPTIONS, new Spec(true, false, List.of())),
      Map.entry(TOPOLOGY_MANAGER_POLICY_ALPHA_OPTIONS, new Spec(false, false, List.of())),
      Map.entry(TOPOLOGY_MANAGER_POLICY_BETA_OPTIONS, new Spec(true, false, List.of())));

  private static final FeatureGates DEFAULT_GATES = new FeatureGates(new TreeMap<>());

  private final SortedMap<String, Boolean> overrides;
  /**
   * Every gate of {@link #SPECS} and every override, resolved once: the managers ask for gates on every
   * pod they place or report, and these gates never change.
   */
  private final Map<String, Boolean> resolved;
  private final boolean podLevelResourceManagers;

  private FeatureGates(SortedMap<String, Boolean> overrides) {
    this.overrides = overrides;
    Map<String, Boolean> all = new HashMap<>();
    SPECS.forEach((gate, spec) -> all.put(gate, spec.defaultValue()));
    all.putAll(overrides);
    this.resolved = Map.copyOf(all);
    this.podLevelResourceManagers = enabled(POD_LEVEL_RESOURCES) && enabled(POD_LEVEL_RESOURCE_MANAGERS);
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
    return resolved.getOrDefault(gate, false);
  }

  /**
   * Why kubelet v1.37 refuses to start with these gates, in its words, or empty when it starts:
   * component-base's {@code featuregate} {@code SetFromMap}, as the kubelet calls it on its
   * configuration's {@code featureGates}. A gate locked to its default (GA) and set otherwise is
   * {@code cannot set feature gate <gate> to <value>, feature is locked to <default>}; otherwise an
   * enabled gate whose dependencies are not all enabled is {@code <gate> is enabled, but depends on
   * features that are disabled: [<gate> ...]}. Several errors are one aggregate,
   * {@code [<error>, <error>]}, which the kubelet orders by Go's map iteration (random); here by
   * gate name, one of its orders. Gates outside this registry are not checked (the kubelet refuses
   * an unknown one: {@code unrecognized feature gate}).
   */
  public Optional<String> kubeletRefusal() {
    List<String> errors = new ArrayList<>();
    overrides.forEach((gate, value) -> {
      Spec spec = SPECS.get(gate);
      if (spec != null && spec.locked() && value != spec.defaultValue()) {
        errors.add("cannot set feature gate " + gate + " to " + value + ", feature is locked to " + spec.defaultValue());
      }
    });
    if (errors.isEmpty()) {
      new TreeMap<>(SPECS).forEach((gate, spec) -> {
        if (!enabled(gate)) {
          return;
        }
        List<String> disabled = spec.dependencies().stream().filter(dependency -> !enabled(dependency)).toList();
        if (!disabled.isEmpty()) {
          errors.add(gate + " is enabled, but depends on features that are disabled: [" + String.join(" ", disabled)
              + "]");
        }
      });
    }
    if (errors.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(errors.size() == 1 ? errors.get(0) : "[" + String.join(", ", errors) + "]");
  }

  /** Both gates of KEP-5526: pod-level resources and the pod-level resource managers. */
  public boolean podLevelResourceManagers() {
    return podLevelResourceManagers;
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
