package io.podtopo.domain.pod;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.PodValidation.EphemeralContainers;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * D-42, the resource rules of {@code ValidatePodCreate} with upstream's messages, on the pod as
 * defaulted. The vectors of {@code pod_defaulting.json} hold the oracle's messages for the same
 * rules; these tests name each rule.
 */
class PodValidationTest {

  private static final FeatureGates GATES = FeatureGates.defaults();

  private static Container.Builder container(String name) {
    return new Container.Builder().name(name);
  }

  private static List<String> errors(Pod pod) {
    return PodValidation.onCreate(PodDefaults.created(pod, GATES), GATES, EphemeralContainers.FORBIDDEN).stream()
        .map(FieldError::toString).toList();
  }

  @Test
  void d42_aValidPodHasNoErrors() {
    Pod pod = new Pod.Builder().uid("p").putPodLimit("cpu", Quantity.parse("2")).putPodLimit("memory", Quantity.parse("2Gi"))
        .addContainer(container("app").putLimit("cpu", Quantity.parse("1")).putLimit("example.com/gpu", Quantity.of(1)).build())
        .build();
    assertThat(errors(pod)).isEmpty();
  }

  @Test
  void d42_aRequestAboveItsLimitNamesTheRequestsFieldAndWritesQuantitiesAsUpstream() {
    Pod pod = new Pod.Builder().uid("p")
        .addContainer(container("app").putRequest("cpu", Quantity.parse("2000m")).putLimit("cpu", Quantity.parse("1.5"))
            .build())
        .build();
    assertThat(errors(pod)).containsExactly(
        "spec.containers[0].resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1500m");
  }

  @Test
  void d42_aDefaultedPodRequestAboveThePodLimitIsRefused() {
    Pod pod = new Pod.Builder().uid("p").putPodLimit("cpu", Quantity.parse("1"))
        .addContainer(container("a").putRequest("cpu", Quantity.parse("1")).build())
        .addContainer(container("b").putRequest("cpu", Quantity.parse("1")).build())
        .build();
    assertThat(errors(pod)).containsExactly(
        "spec.resources.requests: Invalid value: \"2\": must be less than or equal to cpu limit of 1");
  }

  @Test
  void d42_extendedResourcesAreWholeNeverOvercommittedAndNeverAtPodLevel() {
    Pod pod = new Pod.Builder().uid("p").putPodRequest("example.com/gpu", Quantity.of(1))
        .putPodRequest("cpu", Quantity.parse("1"))
        .addContainer(container("half").putLimit("example.com/gpu", Quantity.parse("500m")).build())
        .addContainer(container("over").putRequest("example.com/gpu", Quantity.of(1))
            .putLimit("example.com/gpu", Quantity.of(2)).build())
        .build();
    assertThat(errors(pod)).contains(
        "spec.containers[0].resources.limits[example.com/gpu]: Invalid value: \"500m\": must be an integer",
        "spec.containers[1].resources.requests: Invalid value: \"1\": must be equal to example.com/gpu limit of 2",
        "spec.resources.requests[example.com/gpu]: Unsupported value: \"example.com/gpu\": supported values: \"cpu\", "
            + "\"hugepages-\", \"memory\"",
        "spec.resources.limits: Required value: Limit must be set for non overcommitable resources");
  }

  @Test
  void d42_hugepagesNeedCpuOrMemoryAndWholePages() {
    Pod pod = new Pod.Builder().uid("p")
        .addContainer(container("fwd").putLimit("hugepages-2Mi", Quantity.parse("3Mi")).build())
        .build();
    assertThat(errors(pod)).containsExactlyInAnyOrder(
        "spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: \"3Mi\": 3Mi is not positive integer multiple"
            + " of hugepages-2Mi",
        "spec.containers[0].resources.requests[hugepages-2Mi]: Invalid value: \"3Mi\": 3Mi is not positive integer"
            + " multiple of hugepages-2Mi",
        "spec.containers[0].resources: Forbidden: HugePages require cpu or memory");
  }

  @Test
  void d42_theConsistencyCheckComparesOnlyAppContainerLimitsWithThePodLimit() {
    Pod pod = new Pod.Builder().uid("p").putPodRequest("cpu", Quantity.parse("4")).putPodLimit("cpu", Quantity.parse("4"))
        .addInitContainer(container("setup").putLimit("cpu", Quantity.parse("6")).build())
        .addContainer(container("app").putLimit("cpu", Quantity.parse("5")).build())
        .build();
    // the init container's limit 6 is above the pod limit too, and only its request counts, in the aggregate
    assertThat(errors(pod)).containsExactlyInAnyOrder(
        "spec.resources.containers[0][cpu].limits: Invalid value: \"5\": must be less than or equal to pod limits of 4",
        "spec.resources.requests[cpu]: Invalid value: \"4\": must be greater than or equal to aggregate container"
            + " requests of 6");
  }

  @Test
  void d42_ephemeralContainersAreRefusedOnCreateUnlessTakenAsAStoredPodCarriesThem() {
    Pod pod = new Pod.Builder().uid("p").addContainer(Container.named("app")).addEphemeralContainer(Container.named("debug"))
        .build();
    assertThat(errors(pod)).containsExactly("spec.ephemeralContainers: Forbidden: cannot be set on create");
    assertThat(PodValidation.onCreate(pod, GATES, EphemeralContainers.ALLOWED)).isEmpty();
  }

  @Test
  void d42_resourceNamesAreQualifiedAndStandardForContainers() {
    Pod pod = new Pod.Builder().uid("p")
        .addContainer(container("app").putLimit("gpus", Quantity.of(1)).putLimit("a/b/c", Quantity.of(1)).build())
        .build();
    assertThat(errors(pod)).contains(
        "spec.containers[0].resources.limits[gpus]: Invalid value: \"gpus\": must be a standard resource type or fully"
            + " qualified",
        "spec.containers[0].resources.limits[gpus]: Invalid value: \"gpus\": must be a standard resource for containers",
        "spec.containers[0].resources.limits[a/b/c]: Invalid value: \"a/b/c\": a valid label key must consist of"
            + " alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g."
            + " 'MyName',  or 'my.name',  or '123-abc', regex used for validation is"
            + " '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g."
            + " 'example.com/MyName')");
  }

  @Test
  void d42_withPodLevelResourcesOffSpecResourcesIsNotValidated() {
    Pod pod = new Pod.Builder().uid("p").putPodRequest("cpu", Quantity.parse("8")).putPodLimit("cpu", Quantity.parse("2"))
        .addContainer(Container.named("app")).build();
    FeatureGates off = GATES.with(FeatureGates.POD_LEVEL_RESOURCES, false);
    assertThat(PodValidation.onCreate(PodDefaults.staticPod(pod, off), off, EphemeralContainers.FORBIDDEN)).isEmpty();
    assertThat(PodValidation.onCreate(PodDefaults.staticPod(pod, GATES), GATES, EphemeralContainers.FORBIDDEN))
        .extracting(FieldError::toString)
        .containsExactly("spec.resources.requests: Invalid value: \"8\": must be less than or equal to cpu limit of 2");
  }
}
