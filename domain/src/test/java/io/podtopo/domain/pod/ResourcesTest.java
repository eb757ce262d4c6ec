package io.podtopo.domain.pod;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The resource names the managers tell apart, and the QoS classes' Kubernetes names. */
class ResourcesTest {

  @Test
  void aHugepageResourceNamesAPageSizeAfterItsPrefix() {
    assertThat(Resources.isHugepages("hugepages-2Mi")).isTrue();
    assertThat(Resources.isHugepages("hugepages-")).isFalse();
    assertThat(Resources.isHugepages("memory")).isFalse();
    assertThat(Resources.isMemoryKind("hugepages-1Gi")).isTrue();
    assertThat(Resources.isMemoryKind("memory")).isTrue();
    assertThat(Resources.isMemoryKind("cpu")).isFalse();
  }

  @Test
  void onlyCpuAndMemoryDecideTheQosClass() {
    assertThat(Resources.isQosResource("cpu")).isTrue();
    assertThat(Resources.isQosResource("memory")).isTrue();
    assertThat(Resources.isQosResource("hugepages-2Mi")).isFalse();
    assertThat(Resources.isQosResource("nvidia.com/gpu")).isFalse();
  }

  @Test
  void qosClassesHaveTheirKubernetesNames() {
    assertThat(QosClass.GUARANTEED.kubernetesName()).isEqualTo("Guaranteed");
    assertThat(QosClass.BURSTABLE.kubernetesName()).isEqualTo("Burstable");
    assertThat(QosClass.BEST_EFFORT.kubernetesName()).isEqualTo("BestEffort");
  }

  /** Upstream {@code IsNativeResource} and {@code IsPrefixedNativeResource}, which validation and the resource-fit predicate share. */
  @Test
  void aNativeResourceHasNoDomainOrOneInKubernetesIo() {
    assertThat(Resources.isNative("cpu")).isTrue();
    assertThat(Resources.isNative("attachable-volumes-aws-ebs")).isTrue();
    assertThat(Resources.isNative("kubernetes.io/foo")).isTrue();
    assertThat(Resources.isNative("example.kubernetes.io/foo")).isTrue();
    assertThat(Resources.isNative("example.com/gpu")).isFalse();
    assertThat(Resources.isPrefixedNative("kubernetes.io/foo")).isTrue();
    assertThat(Resources.isPrefixedNative("cpu")).isFalse();
    assertThat(Resources.isPrefixedNative("example.com/gpu")).isFalse();
  }
}

