package io.podtopo.conformance.audit;

import static io.podtopo.conformance.audit.Answers.GI;
import static io.podtopo.conformance.audit.Answers.MI;
import static io.podtopo.conformance.audit.Answers.allocatable;
import static io.podtopo.conformance.audit.Answers.container;
import static io.podtopo.conformance.audit.Answers.exclusive;
import static io.podtopo.conformance.audit.Answers.memory;
import static io.podtopo.conformance.audit.Answers.pod;
import static io.podtopo.conformance.audit.Answers.result;
import static io.podtopo.conformance.audit.Answers.shared;
import static io.podtopo.conformance.audit.Answers.view;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The audit rules on a PodResources answer alone (AU-1 to AU-8, AU-15), each passing and failing. */
class AnswerRulesTest {

  @Test
  void everyRuleOnTheAnswersPassesOnTheKepExamplesInBothScopes_au1to8() {
    for (PodResourcesView view : List.of(Answers.podScope(), Answers.containerScope())) {
      assertThat(Audit.run(AuditInput.of(view, allocatable())).results())
          .filteredOn(result -> !result.rule().startsWith("cgroup-") && !result.rule().startsWith("pod-fields"))
          .hasSize(8).allSatisfy(result -> assertThat(result.status()).as(result.toString()).isEqualTo(RuleStatus.PASS));
    }
  }

  @Test
  void aContainerSliceOutsideItsPodsCpusFails_au1() {
    PodResourcesView view = view(pod("web", "1-2", memory(0, GI), exclusive("app", "2-3", 0, GI), shared("log")));

    RuleResult result = result("container-cpus-in-pod-cpus", view);

    assertThat(result.status()).isEqualTo(RuleStatus.FAIL);
    assertThat(result.violations()).containsExactly(
        "pod default/web container app: cpu_ids 2-3 are not inside the pod's 1-2 (3 outside)");
  }

  @Test
  void containersOfPodsWithoutPodCpusAreNotHeldToThem_au1() {
    assertThat(result("container-cpus-in-pod-cpus", view(pod("db", "", List.of(), exclusive("x", "8", 1, GI))))
        .status()).isEqualTo(RuleStatus.PASS);
  }

  @Test
  void aServerDoubleReportingThePodSharedPoolAtContainerLevelFailsAsSoonAsTwoContainersShareIt_au2() {
    PodResourcesView view = view(pod("shared-only", "1-2,17-18", memory(0, 4 * GI),
        container("web", "1-2,17-18", List.of()), container("cache", "1-2,17-18", List.of())));

    RuleResult result = result("container-cpus-disjoint", view);

    assertThat(result.status()).isEqualTo(RuleStatus.FAIL);
    assertThat(result.violations()).containsExactly("pod default/shared-only container web and pod default/shared-only "
        + "container cache both report CPUs 1-2,17-18");
  }

  @Test
  void overlappingExclusiveSetsOfTwoPodsFailOncePerPair_au2() {
    PodResourcesView view = view(
        pod("a", "", List.of(), exclusive("x", "8-9", 1, GI)),
        pod("b", "", List.of(), exclusive("y", "9-10", 1, GI), exclusive("z", "9,11", 1, GI)));

    assertThat(result("container-cpus-disjoint", view).violations()).containsExactly(
        "pod default/a container x and pod default/b container y both report CPUs 9",
        "pod default/a container x and pod default/b container z both report CPUs 9");
  }

  @Test
  void podCpusOverlappingAnotherPodsCpusOrContainersFail_au3() {
    PodResourcesView view = view(
        pod("a", "1-4", memory(0, GI), exclusive("x", "1", 0, GI / 2), shared("s")),
        pod("b", "4-5", memory(0, GI), shared("s")),
        pod("c", "", List.of(), exclusive("y", "2", 0, GI)));

    RuleResult result = result("pod-cpus-disjoint", view);

    assertThat(result.violations()).containsExactly(
        "pods default/a and default/b both hold CPUs 4, inside pod-level cpu_ids",
        "pods default/a and default/c both hold CPUs 2, inside pod-level cpu_ids");
    assertThat(result("pod-cpus-disjoint", Answers.podScope()).status()).isEqualTo(RuleStatus.PASS);
  }

  @Test
  void reservedOrUnknownCpusReportedAtEitherLevelFail_au4() {
    PodResourcesView view = view(pod("a", "0-2", memory(0, GI), exclusive("x", "2", 0, GI / 2), shared("s")),
        pod("b", "", List.of(), exclusive("y", "16,40", 0, GI)));

    assertThat(result("cpus-allocatable", view).violations()).containsExactly(
        "pod default/a: cpu_ids 0 are not allocatable",
        "pod default/b container y: cpu_ids 16,40 are not allocatable");
  }

  @Test
  void aPodWithSharedContainersWhoseSlicesTakeItsWholeCpusFails_au5() {
    PodResourcesView starved = view(pod("a", "1-2", memory(0, GI), exclusive("x", "1-2", 0, GI / 2), shared("s"),
        shared("t")));
    PodResourcesView allExclusive = view(pod("b", "1-2", memory(0, GI), exclusive("x", "1-2", 0, GI)));

    assertThat(result("pod-shared-pool-not-empty", starved).violations()).containsExactly("pod default/a: containers s, t "
        + "report no cpu_ids, so they run on the pod shared pool, but the containers' cpu_ids take all of the pod's 1-2");
    assertThat(result("pod-shared-pool-not-empty", allExclusive).status()).isEqualTo(RuleStatus.PASS);
  }

  @Test
  void thePodsMemoryOnANumaNodeAboveItsAllocatableFailsNamingTheHolders_au6() {
    PodResourcesView view = view(
        pod("big", "1-2", memory(0, 50 * GI), shared("s")),
        pod("db", "", List.of(), exclusive("x", "3", 0, 8 * GI), container("y", "", memory(1, GI))));

    RuleResult result = result("memory-within-allocatable", view);

    assertThat(result.violations()).containsExactly("memory on NUMA node 0: the pods hold 58Gi (pod default/big 50Gi, "
        + "pod default/db container x 8Gi), more than the allocatable 57Gi");
  }

  @Test
  void blocksSpanningNumaNodesFitTheNodesTogetherAndEachTypeOnItsOwn_au6() {
    List<MemoryBlock> spanning = List.of(MemoryBlock.of(List.of(0, 1), "memory", 100 * GI),
        MemoryBlock.of(List.of(0), "hugepages-2Mi", 2 * GI));
    List<MemoryBlock> tooMuchHugepages = List.of(MemoryBlock.of(List.of(1), "hugepages-2Mi", 3 * GI));

    assertThat(result("memory-within-allocatable", view(pod("wide", "1-2", spanning, shared("s")))).status())
        .isEqualTo(RuleStatus.PASS);
    assertThat(result("memory-within-allocatable", view(pod("wide", "1-2", spanning, shared("s")),
        pod("more", "3", memory(0, 15 * GI), shared("s")))).violations())
        .containsExactly("memory on NUMA nodes 0,1: the pods hold 115Gi (pod default/wide 100Gi, pod default/more 15Gi), "
            + "more than the allocatable 114Gi");
    assertThat(result("memory-within-allocatable", view(pod("h", "", List.of(), container("x", "", tooMuchHugepages))))
        .violations()).containsExactly("hugepages-2Mi on NUMA node 1: the pods hold 3Gi (pod default/h container x 3Gi), "
            + "more than the allocatable 2Gi");
  }

  @Test
  void memoryOnANumaNodeTheEndpointDoesNotListFails_au6() {
    AllocatableResources noMemory = new AllocatableResources.Builder().cpuIds(CpuSet.parse("1-15,17-31")).build();

    RuleResult result = result("memory-within-allocatable", AuditInput.of(Answers.containerScope(), noMemory));

    assertThat(result.violations()).containsExactly("memory on NUMA node 0: the pods hold 2Gi "
        + "(pod default/container-scope-mixed container database 2Gi), more than the allocatable 0");
  }

  @Test
  void containersReportingMoreMemoryThanTheirPodOrOnOtherNodesFail_au7() {
    PodResourcesView view = view(pod("p", "1-3", memory(0, 2 * GI), exclusive("a", "1", 0, 1536 * MI),
        exclusive("b", "2", 0, GI), exclusive("c", "3", 1, 0), container("d", "", List.of(
            MemoryBlock.of(List.of(0), "hugepages-2Mi", 2 * MI)))));

    RuleResult result = result("container-memory-in-pod-memory", view);

    assertThat(result.violations()).containsExactly(
        "pod default/p container c: memory 0 on NUMA node 1, outside the pod's memory on NUMA node 0",
        "pod default/p container d: hugepages-2Mi 2Mi on NUMA node 0, outside the pod's memory (it reports no hugepages-2Mi)",
        "pod default/p: its containers report memory 2560Mi, more than the pod's 2Gi");
  }

  @Test
  void containerMemoryOfPodsWithoutPodMemoryIsNotHeldToIt_au7() {
    assertThat(result("container-memory-in-pod-memory", Answers.containerScope()).status()).isEqualTo(RuleStatus.PASS);
    assertThat(result("container-memory-in-pod-memory", Answers.podScope()).status()).isEqualTo(RuleStatus.PASS);
  }

  /** AU-8; issue 24 item 11: the memory is named once ("memory 4Gi", not "memory memory 4Gi"). */
  @Test
  void podLevelFieldsOutsidePodScopeFailNamingWhereTheScopeCameFrom_au8() {
    AuditInput input = AuditInput.of(Answers.podScope(), allocatable())
        .withScope(AuditScope.withoutPodLevelFields("--scope container"));

    RuleResult result = result("pod-fields-empty-outside-pod-scope", input);

    assertThat(result.status()).isEqualTo(RuleStatus.FAIL);
    assertThat(result.violations()).containsExactly(
        "pod default/shared-only reports pod-level cpu_ids \"1-2,17-18\" and memory 4Gi on NUMA node 0, though the "
            + "node fills neither (--scope container)",
        "pod default/pod-scope-mixed reports pod-level cpu_ids \"3-5,19-20\" and memory 6Gi on NUMA node 0, though "
            + "the node fills neither (--scope container)");
    assertThat(result("pod-fields-empty-outside-pod-scope", AuditInput.of(Answers.containerScope(), allocatable())
        .withScope(AuditScope.withoutPodLevelFields("--scope container"))).status()).isEqualTo(RuleStatus.PASS);
  }

  @Test
  void withTheScopeUnknownOrPodTheFieldsAreNotCheckedAndTheResultSaysWhy_au8() {
    RuleResult unknown = result("pod-fields-empty-outside-pod-scope", Answers.podScope());
    RuleResult podScope = result("pod-fields-empty-outside-pod-scope", AuditInput.of(Answers.podScope(), allocatable())
        .withScope(AuditScope.podScope("--scope pod")));

    assertThat(unknown).isEqualTo(RuleResult.notChecked("pod-fields-empty-outside-pod-scope", "scope unknown"));
    assertThat(podScope).isEqualTo(RuleResult.notChecked("pod-fields-empty-outside-pod-scope",
        "pod scope (--scope pod): the fields are filled there"));
  }

  private static io.podtopo.domain.node.ContainerResources holding(String name, Device... devices) {
    return new io.podtopo.domain.node.ContainerResources.Builder().from(shared(name)).addDevices(devices).build();
  }

  @Test
  void aDeviceReportedByTwoContainersFailsAndOneDeviceEachPasses_au15() {
    Device gpu0 = Device.of("nvidia.com/gpu", "gpu-0", 0);
    Device gpu1 = Device.of("nvidia.com/gpu", "gpu-1", 1);
    assertThat(result("devices-disjoint", view(pod("a", "", List.of(), holding("x", gpu0)),
        pod("b", "", List.of(), holding("y", gpu1)))).status()).isEqualTo(RuleStatus.PASS);

    RuleResult result = result("devices-disjoint", view(pod("a", "", List.of(), holding("x", gpu0)),
        pod("b", "", List.of(), holding("y", gpu1, Device.of("nvidia.com/gpu", "gpu-0", 0)))));

    assertThat(result.status()).isEqualTo(RuleStatus.FAIL);
    assertThat(result.violations()).containsExactly(
        "pod default/a container x and pod default/b container y both report device nvidia.com/gpu gpu-0");
    assertThat(result("devices-disjoint", view(pod("a", "", List.of(),
        holding("x", Device.of("vendor.com/nic", "n", null)), holding("z", Device.of("vendor.com/fpga", "n", null)))))
        .status()).as("the same id of two resources is two devices").isEqualTo(RuleStatus.PASS);
  }
}
