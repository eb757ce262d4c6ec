package io.podtopo.domain.gates;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The kubelet feature gates the managers read (spec P§3, P§13.4): v1.37 defaults and explicit settings. */
class FeatureGatesTest {

  @Test
  void spec3_theDefaultsAreThoseOfV137WithPodLevelResourceManagersOff() {
    FeatureGates defaults = FeatureGates.defaults();

    assertThat(defaults.enabled(FeatureGates.POD_LEVEL_RESOURCES)).isTrue();
    assertThat(defaults.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS)).isFalse();
    assertThat(defaults.enabled(FeatureGates.CPU_MANAGER_POLICY_BETA_OPTIONS)).isTrue();
    assertThat(defaults.enabled(FeatureGates.CPU_MANAGER_POLICY_ALPHA_OPTIONS)).isFalse();
    assertThat(defaults.enabled("SomeOtherGate")).as("an unknown gate not set").isFalse();
    assertThat(defaults.overrides()).isEmpty();
  }

  @Test
  void spec3_theKep5526FeatureNeedsBothGates() {
    assertThat(FeatureGates.defaults().podLevelResourceManagers()).isFalse();
    assertThat(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true).podLevelResourceManagers())
        .isTrue();
    assertThat(FeatureGates.of(Map.of(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true,
        FeatureGates.POD_LEVEL_RESOURCES, false)).podLevelResourceManagers()).isFalse();
  }

  @Test
  void gatesSetExplicitlyAreKeptByNameAndMakeTheValue() {
    FeatureGates gates = FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCES, false).with("SomeOtherGate", true);

    assertThat(gates.overrides()).containsExactly(Map.entry(FeatureGates.POD_LEVEL_RESOURCES, false),
        Map.entry("SomeOtherGate", true));
    assertThat(gates.enabled("SomeOtherGate")).isTrue();
    assertThat(gates.toString()).isEqualTo("FeatureGates{PodLevelResources=false, SomeOtherGate=true}");
    assertThat(FeatureGates.defaults().overrides()).as("with() leaves the gates it started from").isEmpty();
  }

  @Test
  void gatesAreEqualWhenTheySetTheSameGatesTheSameWay() {
    FeatureGates on = FeatureGates.of(Map.of(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));

    assertThat(on).isEqualTo(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true))
        .hasSameHashCodeAs(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true))
        .isNotEqualTo(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, false))
        .isNotEqualTo(FeatureGates.defaults())
        .isNotEqualTo("FeatureGates{PodLevelResourceManagers=true}");
    assertThat(on.hashCode()).isNotEqualTo(FeatureGates.defaults().with("SomeOtherGate", true).hashCode());
  }

  private static final String PLR_DISABLED = " is enabled, but depends on features that are disabled: [PodLevelResources]";

  @Test
  void na1_theKubeletRefusesAGateEnabledWithoutTheGatesItDependsOnInComponentBasesWords() {
    // pkg/features/kube_features.go: PodLevelResourceManagers: {PodLevelResources}; component-base featuregate
    // unsafeSetFromMap: "%s is enabled, but depends on features that are disabled: %v".
    assertThat(FeatureGates.of(Map.of(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true,
        FeatureGates.POD_LEVEL_RESOURCES, false, FeatureGates.POD_LEVEL_RESOURCES_FIX_DEFAULTING, false,
        FeatureGates.POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS, false,
        FeatureGates.IN_PLACE_POD_LEVEL_RESOURCES_VERTICAL_SCALING, false)).kubeletRefusal())
        .contains("PodLevelResourceManagers" + PLR_DISABLED);
    assertThat(FeatureGates.of(Map.of(FeatureGates.POD_LEVEL_RESOURCES, false,
        FeatureGates.POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS, false,
        FeatureGates.IN_PLACE_POD_LEVEL_RESOURCES_VERTICAL_SCALING, false)).kubeletRefusal())
        .as("PodLevelResourcesFixDefaulting is on by default").contains("PodLevelResourcesFixDefaulting" + PLR_DISABLED);
  }

  @Test
  void na1_severalRefusalsAreOneAggregateInGateNameOrderAndDependenciesAreListedSorted() {
    // PodLevelResources off alone: three gates on by default depend on it (apimachinery's aggregate "[a, b, c]").
    assertThat(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCES, false).kubeletRefusal()).contains("["
        + "InPlacePodLevelResourcesVerticalScaling is enabled, but depends on features that are disabled: "
        + "[PodLevelResources], "
        + "PodLevelResourcesFixDefaulting" + PLR_DISABLED + ", "
        + "PodLevelResourcesFixKubeletQOSClass" + PLR_DISABLED + "]");
  }

  @Test
  void na1_aGateLockedToItsDefaultCannotBeSetOtherwiseAndThatIsCheckedBeforeTheDependencies() {
    assertThat(FeatureGates.defaults().with(FeatureGates.NODE_DECLARED_FEATURES, false)
        .with(FeatureGates.POD_LEVEL_RESOURCES, false).kubeletRefusal())
        .contains("cannot set feature gate NodeDeclaredFeatures to false, feature is locked to true");
    assertThat(FeatureGates.defaults().with(FeatureGates.NODE_DECLARED_FEATURES, true).kubeletRefusal()).isEmpty();
  }

  @Test
  void na1_theKubeletStartsWithItsDefaultsWithKep5526OnAndWithPodLevelResourcesOffWhenEveryDependentIsOff() {
    assertThat(FeatureGates.defaults().kubeletRefusal()).isEmpty();
    assertThat(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true).kubeletRefusal()).isEmpty();
    assertThat(FeatureGates.of(Map.of(FeatureGates.POD_LEVEL_RESOURCES, false,
        FeatureGates.POD_LEVEL_RESOURCES_FIX_DEFAULTING, false, FeatureGates.POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS,
        false, FeatureGates.IN_PLACE_POD_LEVEL_RESOURCES_VERTICAL_SCALING, false)).kubeletRefusal()).isEmpty();
    assertThat(FeatureGates.defaults().with("SomeOtherGate", true).kubeletRefusal()).as("not in the registry")
        .isEmpty();
  }
}
