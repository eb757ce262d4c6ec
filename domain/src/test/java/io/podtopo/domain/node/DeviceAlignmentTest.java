package io.podtopo.domain.node;

import static io.podtopo.domain.node.NodeFixtures.GI;
import static io.podtopo.domain.node.NodeFixtures.GPU;
import static io.podtopo.domain.node.NodeFixtures.PLRM_ON;
import static io.podtopo.domain.node.NodeFixtures.config;
import static io.podtopo.domain.node.NodeFixtures.container;
import static io.podtopo.domain.node.NodeFixtures.gu;
import static io.podtopo.domain.node.NodeFixtures.podLevel;
import static io.podtopo.domain.node.NodeFixtures.shared;
import static io.podtopo.domain.node.NodeFixtures.sidecar;
import static io.podtopo.domain.node.NodeFixtures.twoSocketsOneGpuEach;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.ProviderAnswer;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Device Manager as the Topology Manager's third hint provider on a two-socket GPU server with
 * a GPU on each NUMA node: a GPU inference pod with a pod-level budget and a sidecar gets its CPUs,
 * its memory and its GPU on one NUMA node, in both scopes (rules DEV-10 to DEV-12).
 */
class DeviceAlignmentTest {

  private static NodeResourceManagers managers(TopologyManagerScope scope) {
    return NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED, scope, PLRM_ON).build(),
        twoSocketsOneGpuEach());
  }

  /** 4 CPUs and 4 GiB for the pod; the inference container pins 3 CPUs, 3 GiB and a GPU; a log sidecar shares. */
  private static Pod inference(String uid) {
    return podLevel(uid, "4", "4Gi")
        .addInitContainers(sidecar(shared("log-shipper")))
        .addContainers(gu("inference", "3", "3Gi", GPU, "1"))
        .build();
  }

  private static Admission admitTwo(NodeResourceManagers managers) {
    Admission first = managers.admit(managers.initialState(), inference("first"));
    assertThat(first.admitted()).isTrue();
    return managers.admit(first.state(), inference("second"));
  }

  @Test
  void podScopeTheBubbleTheMemoryAndTheGpuShareOneNumaNode_dev10() {
    NodeResourceManagers managers = managers(TopologyManagerScope.POD);
    Admission first = managers.admit(managers.initialState(), inference("first"));
    PodAssignment pod = first.assignment().orElseThrow();
    assertThat(pod.numaAffinity()).contains(NumaMask.of(0));
    assertThat(pod.podCpus()).contains(CpuSet.parse("1-4"));
    assertThat(pod.podMemory()).containsExactly(MemoryBlock.of(NumaMask.of(0), "memory", 4 * GI));
    assertThat(container(first, "inference").devices()).containsExactly(Device.of(GPU, "GPU-0", 0));
    assertThat(container(first, "log-shipper").devices()).isEmpty();
    Admission second = managers.admit(first.state(), inference("second"));
    PodAssignment next = second.assignment().orElseThrow();
    assertThat(next.numaAffinity()).contains(NumaMask.of(1));
    assertThat(next.podCpus()).contains(CpuSet.parse("8-11"));
    assertThat(next.podMemory()).containsExactly(MemoryBlock.of(NumaMask.of(1), "memory", 4 * GI));
    assertThat(container(second, "inference").devices()).containsExactly(Device.of(GPU, "GPU-1", 1));
  }

  @Test
  void containerScopeTheInferenceContainersCpusMemoryAndGpuShareOneNumaNode_dev10() {
    Admission second = admitTwo(managers(TopologyManagerScope.CONTAINER));
    ContainerAssignment inference = container(second, "inference");
    assertThat(inference.cpus()).contains(CpuSet.parse("8-10"));
    assertThat(inference.memory()).containsExactly(MemoryBlock.of(NumaMask.of(1), "memory", 3 * GI));
    assertThat(inference.devices()).containsExactly(Device.of(GPU, "GPU-1", 1));
    assertThat(second.assignment().orElseThrow().podCpus()).isEmpty();
  }

  @Test
  void theDeviceManagerAnswersFirstInEveryMerge_dev11() {
    Admission admission = managers(TopologyManagerScope.POD).admit(managers(TopologyManagerScope.POD).initialState(),
        inference("first"));
    assertThat(admission.trace().merges().get(0).answers()).extracting(ProviderAnswer::provider)
        .containsExactly("device", "cpu", "memory");
    assertThat(admission.trace().steps()).extracting(AllocationStep::description)
        .contains("devices inference nvidia.com/gpu GPU-0 @ NUMA 0");
  }

  @Test
  void aThirdGpuPodFindsNoGpuAndLeavesTheStateAsItWas_dev12() {
    NodeResourceManagers managers = managers(TopologyManagerScope.POD);
    Admission second = admitTwo(managers);
    Admission third = managers.admit(second.state(), inference("third"));
    assertThat(third.admitted()).isFalse();
    assertThat(third.reason()).contains("TopologyAffinityError");
    assertThat(third.state()).isEqualTo(second.state());
  }

  @Test
  void devicesStayWithThePodUntilItIsRemoved_dev12() {
    NodeResourceManagers managers = managers(TopologyManagerScope.POD);
    Pod pod = inference("first");
    NodeState admitted = managers.startContainers(managers.admit(managers.initialState(), pod).state(), pod);
    NodeState containerGone = managers.removeContainer(admitted, "first", "inference");
    assertThat(containerGone.devices().allocated(GPU)).containsExactly("GPU-0");
    NodeState podGone = managers.removePod(admitted, pod);
    assertThat(podGone).isEqualTo(managers.initialState());
  }

  @Test
  void podResourcesAndAllocatableListTheDevicesWithTheirNumaNodes_dev13() {
    NodeResourceManagers managers = managers(TopologyManagerScope.POD);
    Pod pod = inference("first");
    NodeState state = managers.admit(managers.initialState(), pod).state();
    PodResources view = managers.podResources(state, List.of(pod)).pods().get(0);
    assertThat(view.containers()).extracting(ContainerResources::name).containsExactly("log-shipper", "inference");
    assertThat(view.containers().get(1).devices()).containsExactly(Device.of(GPU, "GPU-0", 0));
    assertThat(view.containers().get(0).devices()).isEmpty();
    assertThat(managers.allocatable(state).devices())
        .containsExactly(Device.of(GPU, "GPU-0", 0), Device.of(GPU, "GPU-1", 1));
  }

  /** After a restart on a machine that no longer advertises GPU-0, the pod still holds it: listed without a NUMA node. */
  @Test
  void podResourcesListAHeldDeviceTheMachineNoLongerAdvertisesWithoutNumaNode_dev13() {
    NodeResourceManagers before = managers(TopologyManagerScope.POD);
    Pod pod = inference("first");
    NodeState state = before.admit(before.initialState(), pod).state();
    NodeResourceManagers withoutGpu0 = NodeResourceManagers.create(config(TopologyManagerPolicy.RESTRICTED,
        TopologyManagerScope.POD, PLRM_ON).build(), new Machine.Builder()
        .from(NodeFixtures.twoSocketsNoSmt()).addDevices(Device.of(GPU, "GPU-1", 1)).build());

    PodResources view = withoutGpu0.podResources(state, List.of(pod)).pods().get(0);

    assertThat(view.containers().get(1).devices()).containsExactly(Device.of(GPU, "GPU-0", null));
    assertThat(withoutGpu0.allocatable(state).devices()).containsExactly(Device.of(GPU, "GPU-1", 1));
  }

  @Test
  void aRejectionForWantOfDevicesIsExplainedByTheDevicesFreeOnEachNode_dev12() {
    NodeResourceManagers managers = managers(TopologyManagerScope.POD);
    Admission third = managers.admit(admitTwo(managers).state(), inference("third"));
    RejectionCause cause = new RejectionExplainer(managers).explain(inference("third"), third).orElseThrow();
    assertThat(cause.causes()).contains("nvidia.com/gpu: the pod needs 1 device on 1 NUMA node (the fewest that can"
        + " hold it); free by NUMA node: 0-1: 0 devices each");
    assertThat(cause.fixes()).contains("free 1 device of nvidia.com/gpu on NUMA node 0 (0 devices of the 1 device are"
        + " free there)");
  }

  /** A resource no NUMA nodes can hold is the cause; the CPUs and memory that fit are none (issue 24 item 3). */
  @Test
  void aDeviceRequestNoNodesCanHoldIsTheFirstCause_dev12() {
    NodeResourceManagers managers = managers(TopologyManagerScope.POD);
    Pod greedy = podLevel("greedy", "4", "4Gi").addContainers(gu("inference", "4", "4Gi", GPU, "3")).build();
    Admission admission = managers.admit(managers.initialState(), greedy);
    RejectionCause cause = new RejectionExplainer(managers).explain(greedy, admission).orElseThrow();
    assertThat(cause.causes()).containsExactly(
        "nvidia.com/gpu: the pod needs 3 devices, more than all NUMA nodes together can give to pods (2 devices)");
    assertThat(cause.fixes()).as("2 GPUs would need both nodes, where the CPUs and memory fit on one").containsExactly(
        "ask for 1 nvidia.com/gpu device instead of 3 in container inference's resources (requests and limits)",
        "run the pod on a node with at least 3 devices of nvidia.com/gpu (this one has 2 devices)");
  }
}
