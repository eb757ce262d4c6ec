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
}
