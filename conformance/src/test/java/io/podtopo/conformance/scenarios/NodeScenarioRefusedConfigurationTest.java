package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.domain.node.InvalidNodeConfigException;
import org.junit.jupiter.api.Test;

/**
 * A node scenario whose kubelet configuration kubelet v1.37 refuses to start with has no answer: the
 * reference refuses it as the kubelet does, with the kubelet's words (NA-1), here the feature gate
 * registry's dependency check (component-base {@code featuregate}, {@code pkg/features/kube_features.go}).
 */
class NodeScenarioRefusedConfigurationTest {

  private static final NodeScenarioKind KIND = new NodeScenarioKind();

  private static JsonNode scenario(String featureGates) throws Exception {
    return new ObjectMapper().readTree("{\"machine\": {\"name\": \"m\", \"cpus\": ["
        + "{\"id\": 0, \"core\": 0, \"socket\": 0, \"numa\": 0, \"uncoreCache\": 0},"
        + "{\"id\": 1, \"core\": 1, \"socket\": 0, \"numa\": 0, \"uncoreCache\": 0}],"
        + "\"numaNodes\": [{\"id\": 0, \"cpus\": \"0-1\", \"memoryBytes\": 8589934592}]},"
        + "\"kubelet\": {\"cpuManagerPolicy\": \"static\", \"reservedSystemCPUs\": \"0\","
        + "\"featureGates\": " + featureGates + "}, \"steps\": []}");
  }

  @Test
  void na1_aScenarioWhoseFeatureGatesTheKubeletRefusesHasNoAnswerButTheKubeletsRefusal() {
    assertThatThrownBy(() -> KIND.reference(scenario("{\"PodLevelResourceManagers\": true, "
        + "\"PodLevelResources\": false, \"PodLevelResourcesFixDefaulting\": false, "
        + "\"PodLevelResourcesFixKubeletQOSClass\": false, \"InPlacePodLevelResourcesVerticalScaling\": false}")))
        .isInstanceOf(InvalidNodeConfigException.class)
        .hasMessage("featureGates: PodLevelResourceManagers is enabled, but depends on features that are disabled: "
            + "[PodLevelResources]");
  }

  @Test
  void na1_theSameScenarioWithEveryGateThatDependsOnPodLevelResourcesOffIsAnswered() throws Exception {
    JsonNode answer = KIND.reference(scenario("{\"PodLevelResources\": false, \"PodLevelResourceManagers\": false, "
        + "\"PodLevelResourcesFixDefaulting\": false, \"PodLevelResourcesFixKubeletQOSClass\": false, "
        + "\"InPlacePodLevelResourcesVerticalScaling\": false}"));

    assertThat(answer.get("reservedCpus").asText()).isEqualTo("0");
    assertThat(answer.get("steps")).isEmpty();
  }
}
