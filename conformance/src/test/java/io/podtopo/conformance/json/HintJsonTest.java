package io.podtopo.conformance.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.ProviderHints;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import org.junit.jupiter.api.Test;

class HintJsonTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text);
  }

  @Test
  void readsAndWritesHints() throws Exception {
    TopologyHint hint = HintJson.hint(json("{\"numaAffinity\": [1, 0], \"preferred\": true}"));
    assertThat(hint).isEqualTo(TopologyHint.of(NumaMask.of(0, 1), true));
    assertThat(JSON.writeValueAsString(HintJson.write(hint))).isEqualTo("{\"numaAffinity\":[0,1],\"preferred\":true}");
    TopologyHint any = HintJson.hint(json("{\"numaAffinity\": null, \"preferred\": false}"));
    assertThat(any).isEqualTo(TopologyHint.any(false));
    assertThat(JSON.writeValueAsString(HintJson.write(any))).isEqualTo("{\"numaAffinity\":null,\"preferred\":false}");
  }

  @Test
  void keepsTheProviderAnswerCasesApart_spec1_2() throws Exception {
    assertThat(HintJson.provider(json("null")).isNoPreference()).isTrue();
    assertThat(HintJson.provider(json("{}")).isNoPreference()).isTrue();
    ProviderHints answer = HintJson.provider(json(
        "{\"b\": null, \"a\": [], \"c\": [{\"numaAffinity\": [0], \"preferred\": true}]}"));
    assertThat(answer.resources().keySet()).containsExactly("a", "b", "c");
    assertThat(answer.resources().get("a").isUnsatisfiable()).isTrue();
    assertThat(answer.resources().get("b").isNoPreference()).isTrue();
    assertThat(answer.resources().get("c")).isEqualTo(ResourceHints.of(TopologyHint.of(NumaMask.of(0), true)));
    assertThat(JSON.writeValueAsString(HintJson.write(answer)))
        .isEqualTo("{\"a\":[],\"b\":null,\"c\":[{\"numaAffinity\":[0],\"preferred\":true}]}");
    assertThat(HintJson.provider(HintJson.write(answer))).isEqualTo(answer);
  }

  @Test
  void rejectsMalformedHintsNamingThem() throws Exception {
    assertThatThrownBy(() -> HintJson.hint(json("{\"numaAffinity\": [0]}")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("preferred");
    assertThatThrownBy(() -> HintJson.hint(json("{\"numaAffinity\": 3, \"preferred\": true}")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("numaAffinity");
    assertThatThrownBy(() -> HintJson.provider(json("[1]"))).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void comparesAffinitiesAsSets() throws Exception {
    assertThat(HintJson.sameHint(json("{\"numaAffinity\": [0, 1], \"preferred\": true}"),
        json("{\"numaAffinity\": [1, 0], \"preferred\": true}"))).isTrue();
    assertThat(HintJson.sameHint(json("{\"numaAffinity\": null, \"preferred\": true}"),
        json("{\"numaAffinity\": [], \"preferred\": true}"))).isFalse();
    assertThat(HintJson.sameHint(json("{\"numaAffinity\": [0], \"preferred\": true}"),
        json("{\"numaAffinity\": [0], \"preferred\": false}"))).isFalse();
  }
}
