package io.podtopo.domain.pod;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * D-42: how each way a pod reaches the kubelet words its refusal: the API server's
 * {@code errors.NewInvalid} (one error bare, several in brackets joined by {@code ", "}, as
 * {@code ToAggregate().Error()} writes them) and the static pod file source's {@code invalid pod: [...]}.
 */
class PodRouteTest {

  private static final FieldError NAME = FieldError.required("spec.containers[0].name", "");
  private static final FieldError SIZE = FieldError.invalid("spec.containers[0].resources.limits[hugepages-0]", "1Gi",
      "1Gi is not positive integer multiple of hugepages-0");

  @Test
  void d42_theApiServerWritesOneErrorBareAndSeveralInBrackets() {
    PodRoute api = PodRoute.apiServer(FeatureGates.defaults());

    assertThat(api.refusal("web", List.of(NAME))).isEqualTo("Pod \"web\" is invalid: spec.containers[0].name: Required value");
    assertThat(api.refusal("web", List.of(NAME, SIZE))).isEqualTo("Pod \"web\" is invalid: [spec.containers[0].name: "
        + "Required value, spec.containers[0].resources.limits[hugepages-0]: Invalid value: \"1Gi\": 1Gi is not positive "
        + "integer multiple of hugepages-0]");
  }

  @Test
  void d42_theStaticPodSourceWritesItsErrorsInBracketsJoinedBySpaces() {
    PodRoute file = PodRoute.staticPod(FeatureGates.defaults());

    assertThat(file.refusal("web", List.of(NAME))).isEqualTo("invalid pod: [spec.containers[0].name: Required value]");
    assertThat(file.refusal("web", List.of(NAME, SIZE))).isEqualTo("invalid pod: [spec.containers[0].name: Required value "
        + "spec.containers[0].resources.limits[hugepages-0]: Invalid value: \"1Gi\": 1Gi is not positive integer multiple "
        + "of hugepages-0]");
  }
}
