package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.adapters.grpc.v1.AllocatableResourcesResponse;
import io.podtopo.adapters.grpc.v1.ContainerDevices;
import io.podtopo.adapters.grpc.v1.ContainerResources;
import io.podtopo.adapters.grpc.v1.NUMANode;
import io.podtopo.adapters.grpc.v1.TopologyInfo;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.service.NodeResourceManagerService;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Devices over PodResources v1 (rule DEV-13): the GPU inference pods of {@code examples/gpu-inference}
 * admitted on {@code gpu-2s}, served on a real Unix socket and read back, in both scopes; each device
 * one {@code ContainerDevices} with its NUMA node as the kubelet sends it.
 */
class DevicesEndToEndTest {

  private static final String GPU = "nvidia.com/gpu";
  private static final String NIC = "intel.com/sriov_netdevice";

  @TempDir
  Path dir;

  private static NodeResourceManagerService gpuNode(TopologyManagerScope scope) {
    NodeConfig.Builder config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(CpuSet.of(0, 32))
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
        .topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED)
        .topologyManagerScope(scope)
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
    for (int node = 0; node < 2; node++) {
      config.putReservedMemory(node, new TreeMap<>(Map.of("memory", KepNodes.GI)));
    }
    NodeResourceManagerService node = new NodeResourceManagerService(config.build(), CatalogMachineSource.of("gpu-2s"),
        new InMemoryAllocationStore(), new RecordingCpusetWriter(), new InMemoryMetricsRecorder());
    for (String name : List.of("inference", "inference-replica")) {
      node.admit(KepNodes.budget(name, "8", "32Gi")
          .addInitContainer(new Container.Builder().name("log-shipper").restartable(true).build())
          .addContainer(KepNodes.exclusive("model-server", "6", "24Gi")
              .putRequest(GPU, Quantity.parse("1")).putLimit(GPU, Quantity.parse("1"))
              .putRequest(NIC, Quantity.parse("1")).putLimit(NIC, Quantity.parse("1")).build())
          .build());
    }
    return node;
  }

  private <T> T served(NodeResourceManagerService node, Function<PodResourcesClient, T> read) {
    try (PodResourcesServer server = PodResourcesServer.builder(node, dir.resolve("kubelet.sock")).start();
        PodResourcesClient client = PodResourcesClient.connect(server.socket())) {
      return read.apply(client);
    }
  }

  @Test
  void eachContainerReportsItsDevicesWithTheNumaNodeOfItsPodsCpusAndMemory_dev13() {
    for (TopologyManagerScope scope : List.of(TopologyManagerScope.POD, TopologyManagerScope.CONTAINER)) {
      NodeResourceManagerService node = gpuNode(scope);
      PodResourcesView view = served(node, PodResourcesClient::list);
      assertThat(view).as(scope.toString()).isEqualTo(node.podResources());
      PodResources first = view.pod("inference", "default").orElseThrow();
      assertThat(first.containers()).extracting(io.podtopo.domain.node.ContainerResources::name)
          .containsExactly("log-shipper", "model-server");
      assertThat(first.containers().get(1).devices()).as(scope.toString())
          .containsExactly(Device.of(NIC, "sriov_netdevice-0", 0), Device.of(GPU, "gpu-0", 0));
      assertThat(first.containers().get(1).memory()).allSatisfy(block -> assertThat(block.numaAffinity()).containsExactly(0));
      assertThat(first.containers().get(0).devices()).isEmpty();
      PodResources replica = view.pod("inference-replica", "default").orElseThrow();
      assertThat(replica.containers().get(1).devices()).as(scope.toString())
          .containsExactly(Device.of(NIC, "sriov_netdevice-1", 1), Device.of(GPU, "gpu-2", 1));
      assertThat(replica.containers().get(1).cpuIds().isSubsetOf(CpuSet.parse("16-31,48-63"))).isTrue();
    }
    assertThat(served(gpuNode(TopologyManagerScope.POD), PodResourcesClient::list)
        .pod("inference-replica", "default").orElseThrow().cpuIds()).isEqualTo(CpuSet.parse("16-19,48-51"));
  }

  @Test
  void onTheWireEachDeviceIsOneContainerDevicesWithItsIdAloneAndItsNumaNode_dev13() {
    NodeResourceManagerService node = gpuNode(TopologyManagerScope.POD);
    ContainerResources server = ToProto.list(node.podResources()).getPodResources(0).getContainers(1);

    assertThat(server.getDevicesList()).containsExactly(
        ContainerDevices.newBuilder().setResourceName(NIC).addDeviceIds("sriov_netdevice-0")
            .setTopology(TopologyInfo.newBuilder().addNodes(NUMANode.newBuilder().setID(0))).build(),
        ContainerDevices.newBuilder().setResourceName(GPU).addDeviceIds("gpu-0")
            .setTopology(TopologyInfo.newBuilder().addNodes(NUMANode.newBuilder().setID(0))).build());
  }

  @Test
  void getAllocatableResourcesListsEveryHealthyDevice_dev13() {
    NodeResourceManagerService node = gpuNode(TopologyManagerScope.POD);
    List<Device> devices = served(node, PodResourcesClient::allocatable).devices();

    assertThat(devices).isEqualTo(node.allocatable().devices()).hasSize(6)
        .contains(Device.of(GPU, "gpu-3", 1), Device.of(NIC, "sriov_netdevice-0", 0));
  }

  @Test
  void aDeviceListedOncePerNumaNodeIsOneDeviceAndADeviceOnTwoNodesIsRefused_dev13() {
    ContainerDevices onNode0 = ContainerDevices.newBuilder().setResourceName(GPU).addDeviceIds("g")
        .setTopology(TopologyInfo.newBuilder().addNodes(NUMANode.newBuilder().setID(0))).build();
    ContainerDevices withoutTopology = ContainerDevices.newBuilder().setResourceName(NIC).addDeviceIds("n").build();
    assertThat(FromProto.allocatable(AllocatableResourcesResponse.newBuilder().addDevices(onNode0).addDevices(onNode0)
        .addDevices(withoutTopology).build()).devices())
        .containsExactly(Device.of(GPU, "g", 0), Device.of(NIC, "n", null));
    ContainerDevices onNode1 = onNode0.toBuilder()
        .setTopology(TopologyInfo.newBuilder().addNodes(NUMANode.newBuilder().setID(1))).build();
    assertThatThrownBy(() -> FromProto.allocatable(AllocatableResourcesResponse.newBuilder().addDevices(onNode0)
        .addDevices(onNode1).build()))
        .hasMessage("allocatable resources device g of nvidia.com/gpu: on NUMA nodes 0 and 1; podtopo holds one NUMA"
            + " node per device");
  }
}
