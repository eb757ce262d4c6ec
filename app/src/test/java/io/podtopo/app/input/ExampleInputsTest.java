package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.pod.Quantity;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The files in {@code examples/} stay readable and say what their comments say. */
class ExampleInputsTest {

  /** Pods as created through the API server, the gates at their v1.37 defaults (D-42). */
  private static final PodRoute API_SERVER = PodRoute.apiServer(FeatureGates.defaults());

  private static final Path EXAMPLES = Path.of("..", "examples");

  @Test
  void podScopeExamplesAreTheKepScenariosInFolderOrder() {
    List<Pod> pods = PodManifests.read(EXAMPLES.resolve("pods/pod-scope"), FieldValidation.strict(), API_SERVER);

    assertThat(pods).extracting(Pod::name)
        .containsExactly("shared-only", "pod-scope-mixed", "empty-shared-pool", "init-and-sidecars");
    assertThat(pods).allSatisfy(pod -> assertThat(pod.isPodLevelResourcesSet()).isTrue());
  }

  @Test
  void podScopeMixedHasTwoEligibleContainersAndOneShared() {
    Pod mixed = PodManifests.read(EXAMPLES.resolve("pods/pod-scope/02-mixed.yaml"), FieldValidation.strict(), API_SERVER).get(0);

    assertThat(mixed.containers()).extracting(Container::name)
        .containsExactly("metrics-sidecar", "main-app", "logging-sidecar");
    assertThat(mixed.containers()).extracting(Container::isEquivalentGuaranteed).containsExactly(true, true, false);
  }

  @Test
  void emptySharedPoolExampleGivesTheWholeBudgetToExclusiveContainersAndHasASharedOne() {
    Pod pod = PodManifests.read(EXAMPLES.resolve("pods/pod-scope/03-empty-shared-pool.yaml"), FieldValidation.strict(), API_SERVER).get(0);

    assertThat(exclusive(pod, "cpu")).isEqualTo(pod.podRequests().get("cpu"));
    assertThat(exclusive(pod, "memory")).isEqualTo(pod.podRequests().get("memory"));
    assertThat(pod.containers()).anyMatch(container -> !container.isEquivalentGuaranteed());
  }

  @Test
  void admittableExamplesLeaveBudgetForTheirSharedContainers() {
    for (String file : List.of("pod-scope/02-mixed.yaml", "pod-scope/04-init-and-sidecars.yaml", "container-scope/01-mixed.yaml")) {
      Pod pod = PodManifests.read(EXAMPLES.resolve("pods/" + file), FieldValidation.strict(), API_SERVER).get(0);

      assertThat(exclusive(pod, "cpu")).as(file).isLessThan(pod.podRequests().get("cpu"));
      assertThat(exclusive(pod, "memory")).as(file).isLessThan(pod.podRequests().get("memory"));
    }
  }

  /** Sum of the requests of the long-running (sidecar and app) Guaranteed-equivalent containers. */
  private static Quantity exclusive(Pod pod, String resource) {
    return Stream.concat(pod.initContainers().stream().filter(Container::restartable), pod.containers().stream())
        .filter(Container::isEquivalentGuaranteed)
        .map(container -> container.requests().get(resource))
        .reduce(Quantity.ZERO, Quantity::plus);
  }

  @Test
  void containerScopeExamplesAreMixedAndPodOnly() {
    assertThat(PodManifests.read(EXAMPLES.resolve("pods/container-scope"), FieldValidation.strict(), API_SERVER)).extracting(Pod::name)
        .containsExactly("container-scope-mixed", "pod-only");
  }

  @Test
  void kubeletExamplesDifferOnlyInScopeAndThePodScopeOneIsTheBuiltInDefault() {
    NodeSettings pod = KubeletConfigFile.read(EXAMPLES.resolve("kubelet/pod-scope.yaml"), FieldValidation.strict());
    NodeSettings container = KubeletConfigFile.read(EXAMPLES.resolve("kubelet/container-scope.yaml"), FieldValidation.strict());

    assertThat(pod.topologyManagerScope()).isEqualTo("pod");
    assertThat(container.topologyManagerScope()).isEqualTo("container");
    assertThat(new NodeSettings.Builder().from(container).topologyManagerScope("pod").source(pod.source()).build())
        .isEqualTo(pod);
    assertThat(new NodeSettings.Builder().from(pod).source(KubeletConfigFile.builtInDefault().source()).build())
        .isEqualTo(KubeletConfigFile.builtInDefault());
  }

  @Test
  void gpuInferenceExamplesAreAPodLevelPodAndItsReplicaEachAskingForAGpuAndANic_dev10() {
    List<Pod> pods = PodManifests.read(EXAMPLES.resolve("gpu-inference/pods"), FieldValidation.strict(), API_SERVER);

    assertThat(pods).extracting(Pod::name).containsExactly("inference", "inference-replica");
    assertThat(pods).allSatisfy(pod -> {
      assertThat(pod.isPodLevelResourcesSet()).isTrue();
      assertThat(pod.initContainers()).singleElement().satisfies(sidecar -> assertThat(sidecar.restartable()).isTrue());
      Container server = pod.containers().get(0);
      assertThat(server.limit("nvidia.com/gpu")).contains(Quantity.parse("1"));
      assertThat(server.limit("intel.com/sriov_netdevice")).contains(Quantity.parse("1"));
    });
    NodeSettings podScope = KubeletConfigFile.read(EXAMPLES.resolve("gpu-inference/kubelet-pod-scope.yaml"),
        FieldValidation.strict());
    NodeSettings containerScope = KubeletConfigFile.read(EXAMPLES.resolve("gpu-inference/kubelet-container-scope.yaml"),
        FieldValidation.strict());
    assertThat(podScope.topologyManagerScope()).isEqualTo("pod");
    assertThat(new NodeSettings.Builder().from(containerScope).topologyManagerScope("pod").source(podScope.source())
        .build()).isEqualTo(podScope);
  }
}
