package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for Pod manifests: any file is its pods, each with a name and at most
 * {@link PodManifests#MAX_CONTAINERS_PER_POD} containers, at most {@link PodManifests#MAX_PODS}
 * of them, or one {@link InputException}. Replays {@code PodManifestsFuzzTestInputs/} (the pods of
 * {@code examples/}) in every build; {@code -Pfuzz} fuzzes it (docs/guide/fuzzing.md).
 */
class PodManifestsFuzzTest {

  /** Pods as created through the API server, the gates at their v1.37 defaults (D-42). */
  private static final PodRoute API_SERVER = PodRoute.apiServer(FeatureGates.defaults());

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aManifestIsPodsOrAnInputError_in1(byte[] content) {
    List<Pod> pods;
    try {
      pods = PodManifests.parse("pods.yaml", new StringReader(new String(content, StandardCharsets.UTF_8)),
          FieldValidation.warn(), API_SERVER);
    } catch (InputException e) {
      assertThat(e.getMessage()).startsWith("pods.yaml: ");
      return;
    }
    assertThat(pods).hasSizeLessThanOrEqualTo(PodManifests.MAX_PODS).allSatisfy(pod -> {
      assertThat(pod.name()).isNotBlank();
      assertThat(pod.initContainers().size() + pod.containers().size() + pod.ephemeralContainers().size())
          .isLessThanOrEqualTo(PodManifests.MAX_CONTAINERS_PER_POD);
    });
  }
}
