package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.io.StringReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** KubeletConfiguration settings become the domain's NodeConfig, with the kubelet's checks across fields. */
class NodeConfigsTest {

  private static final String HEADER = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
  /** demo-2s: 2 NUMA nodes of 64Gi, 32 CPUs. */
  private static final Machine DEMO = MachineCatalog.bundled().machine("demo-2s");

  @Test
  void everySettingIsMappedToItsDomainValue() {
    NodeConfig config = NodeConfigs.config(KubeletConfigFile.builtInDefault(), DEMO);

    assertThat(config.cpuManagerPolicy()).isEqualTo(CpuManagerPolicy.STATIC);
    assertThat(config.reservedSystemCpus()).contains(CpuSet.of(0, 16));
    assertThat(config.memoryManagerPolicy()).isEqualTo(MemoryManagerPolicy.STATIC);
    assertThat(config.reservedMemory()).isEqualTo(Map.of(0, Map.of("memory", 1L << 30), 1, Map.of("memory", 1L << 30)));
    assertThat(config.topologyManagerPolicy()).isEqualTo(TopologyManagerPolicy.RESTRICTED);
    assertThat(config.topologyManagerScope()).isEqualTo(TopologyManagerScope.POD);
    assertThat(config.featureGates().podLevelResourceManagers()).isTrue();
  }

  @Test
  void reservedCpuCountIsKubePlusSystemReservedMillicoresRoundedUp() {
    NodeConfig config = NodeConfigs.config(parse("cpuManagerPolicy: static\nkubeReserved: {cpu: 500m}\n"
        + "systemReserved: {cpu: 600m}\n"), DEMO);

    assertThat(config.reservedSystemCpus()).isEmpty();
    assertThat(config.reservedCpuCount()).isEqualTo(2);
  }

  @Test
  void reservedSystemCpusReplaceTheReservedCpuQuantities() {
    NodeConfig config = NodeConfigs.config(parse("cpuManagerPolicy: static\nreservedSystemCPUs: 0-3\n"
        + "kubeReserved: {cpu: 500m}\n"), DEMO);

    assertThat(config.reservedSystemCpus()).contains(CpuSet.range(0, 3));
    assertThat(NodeConfigs.managers(parse("cpuManagerPolicy: static\nreservedSystemCPUs: 0-3\n"), DEMO)
        .cpuPolicy().reservedCpus()).isEqualTo(CpuSet.range(0, 3));
  }

  @Test
  void staticCpuPolicyWithoutReservedCpusIsRefusedNamingTheFile() {
    assertThatThrownBy(() -> NodeConfigs.managers(parse("cpuManagerPolicy: static\n"), DEMO))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("kubelet.yaml: kubeReserved/systemReserved cpu: ");
  }

  @Test
  void reservedMemoryMustEqualKubePlusSystemReservedPlusHardEviction() {
    String memory = "memoryManagerPolicy: Static\nkubeReserved: {memory: 1Gi}\n"
        + "reservedMemory: [{numaNode: 0, limits: {memory: 1Gi}}]\n";

    assertThatThrownBy(() -> NodeConfigs.config(parse(memory), DEMO))
        .isInstanceOf(InputException.class)
        .hasMessage("kubelet.yaml: reservedMemory: the total amount \"1Gi\" of type \"memory\" is not equal to the "
            + "value \"1124Mi\" determined by Node Allocatable feature (kubeReserved + systemReserved + "
            + "evictionHard memory.available)");
    assertThat(NodeConfigs.config(parse(memory + "evictionHard: {nodefs.available: 10%}\n"), DEMO).reservedMemory())
        .containsEntry(0, new java.util.TreeMap<>(Map.of("memory", 1L << 30)));
  }

  /** 1% of demo-2s's 128Gi, truncated as upstream's float arithmetic does. */
  @Test
  void aHardEvictionPercentageIsOfTheMachinesMemory() {
    String config = "memoryManagerPolicy: Static\nevictionHard: {memory.available: \"1%\"}\n"
        + "reservedMemory: [{numaNode: 0, limits: {memory: \"1374389534\"}}]\n";

    assertThat(NodeConfigs.config(parse(config), DEMO).reservedMemory().get(0)).containsEntry("memory", 1374389534L);
  }

  @Test
  void theSameNumaNodeAndResourceTwiceIsAnError() {
    assertThatThrownBy(() -> NodeConfigs.config(parse("reservedMemory:\n"
        + "  - {numaNode: 0, limits: {memory: 1Gi}}\n  - {numaNode: 0, limits: {memory: 1Gi}}\n"), DEMO))
        .hasMessage("kubelet.yaml: reservedMemory[1].limits.memory: the reserved memory has a duplicate value for "
            + "NUMA node 0 and resource \"memory\"");
  }

  @Test
  void reservedMemoryOnANumaNodeTheMachineLacksIsRefusedNamingTheFile() {
    assertThatThrownBy(() -> NodeConfigs.managers(parse("memoryManagerPolicy: Static\nevictionHard: {}\n"
        + "kubeReserved: {memory: 1Gi}\nreservedMemory: [{numaNode: 7, limits: {memory: 1Gi}}]\n"), DEMO))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("kubelet.yaml: reservedMemory: NUMA node 7");
  }

  @Test
  void na1_featureGatesTheKubeletsGateRegistryRefusesAreRefusedNamingTheFileInComponentBasesWords() {
    assertThatThrownBy(() -> NodeConfigs.config(parse("featureGates: {PodLevelResourceManagers: true, "
        + "PodLevelResources: false, PodLevelResourcesFixDefaulting: false, PodLevelResourcesFixKubeletQOSClass: false, "
        + "InPlacePodLevelResourcesVerticalScaling: false}\n"), DEMO))
        .isInstanceOf(InputException.class)
        .hasMessage("kubelet.yaml: featureGates: PodLevelResourceManagers is enabled, but depends on features that are "
            + "disabled: [PodLevelResources]");
    assertThatThrownBy(() -> NodeConfigs.managers(parse("featureGates: {PodLevelResources: false, "
        + "PodLevelResourcesFixKubeletQOSClass: false, InPlacePodLevelResourcesVerticalScaling: false}\n"), DEMO))
        .isInstanceOf(InputException.class)
        .hasMessage("kubelet.yaml: featureGates: PodLevelResourcesFixDefaulting is enabled, but depends on features "
            + "that are disabled: [PodLevelResources]");
  }

  private static NodeSettings parse(String body) {
    return KubeletConfigFile.parse("kubelet.yaml", new StringReader(HEADER + body), FieldValidation.strict());
  }
}
