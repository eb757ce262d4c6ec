package io.podtopo.domain.memorymanager;

import static io.podtopo.domain.memorymanager.MemoryFixtures.GI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.PLRM_OFF;
import static io.podtopo.domain.memorymanager.MemoryFixtures.allocated;
import static io.podtopo.domain.memorymanager.MemoryFixtures.block;
import static io.podtopo.domain.memorymanager.MemoryFixtures.gu;
import static io.podtopo.domain.memorymanager.MemoryFixtures.hint;
import static io.podtopo.domain.memorymanager.MemoryFixtures.nodes;
import static io.podtopo.domain.memorymanager.MemoryFixtures.policy;
import static io.podtopo.domain.memorymanager.MemoryFixtures.sidecar;
import static io.podtopo.domain.memorymanager.MemoryFixtures.started;
import static io.podtopo.domain.memorymanager.MemoryFixtures.table;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.QuirkLog;
import io.podtopo.domain.topologymanager.TopologyHint;
import org.junit.jupiter.api.Test;

/**
 * Reusable init-container memory (kubelet-algorithms §3.3): a standard init container's memory is
 * reused by the containers after it on the same mask; its blocks shrink by what was reused, so the
 * pod's blocks sum to what the machine state holds for it.
 */
class InitContainerMemoryReuseTest {

  private final StaticMemoryPolicy policy = policy(nodes(2, 8, 0), PLRM_OFF);
  private final TopologyHint node0 = hint(true, 0);

  private MemoryManagerState allocateAll(Pod pod) {
    MemoryManagerState state = started(policy);
    for (Container container : pod.initAndAppContainers()) {
      state = allocated(policy.allocate(state, pod, container, node0, QuirkLog.of(Behaviour.KUBELET)));
    }
    return state;
  }

  @Test
  void appContainerReusesTheLargestStandardInitContainerMemory() {
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainer(gu("init1", "1", "1Gi"))
        .addInitContainer(gu("init2", "1", "3Gi"))
        .addContainer(gu("app", "1", "2Gi"))
        .build();

    MemoryManagerState state = allocateAll(pod);

    assertThat(table(state, 0, "memory").reserved()).isEqualTo(3 * GI);
    assertThat(state.containerBlocks("p", "init1").orElseThrow()).containsExactly(block("memory", 0, 0));
    assertThat(state.containerBlocks("p", "init2").orElseThrow()).containsExactly(block("memory", GI, 0));
    assertThat(state.containerBlocks("p", "app").orElseThrow()).containsExactly(block("memory", 2 * GI, 0));
    // start counts the emptied block as an assignment that holds nothing, as upstream's validateState does.
    assertThat(policy.start(state)).isEqualTo(state);
  }

  @Test
  void reusableMemoryIsKeyedByTheUpstreamMaskStringAndType() {
    Pod pod = new Pod.Builder().uid("p").addInitContainer(gu("init", "1", "2Gi")).addContainer(gu("app", "1", "1Gi"))
        .build();
    MemoryManagerState state = allocated(policy.allocate(started(policy), pod, pod.initContainers().get(0),
        hint(true, 1), QuirkLog.of(Behaviour.KUBELET)));

    assertThat(state.reusableInitMemory().amounts()).isEqualTo(java.util.Map.of("10", java.util.Map.of("memory", 2 * GI)));
    state = allocated(policy.allocate(state, pod, pod.containers().get(0), hint(true, 1),
        QuirkLog.of(Behaviour.KUBELET)));
    assertThat(state.reusableInitMemory().amounts()).isEqualTo(java.util.Map.of("10", java.util.Map.of("memory", GI)));
  }

  @Test
  void appContainerLargerThanTheInitMemoryReservesOnlyTheDifference() {
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainer(gu("init", "1", "1Gi"))
        .addContainer(gu("app", "1", "3Gi"))
        .build();

    MemoryManagerState state = allocateAll(pod);

    assertThat(table(state, 0, "memory").reserved()).isEqualTo(3 * GI);
    assertThat(state.containerBlocks("p", "init").orElseThrow()).containsExactly(block("memory", 0, 0));
  }

  @Test
  void sidecarMemoryIsNeverReusable() {
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainer(sidecar(gu("sidecar", "1", "2Gi")))
        .addContainer(gu("app", "1", "1Gi"))
        .build();

    MemoryManagerState state = allocateAll(pod);

    assertThat(table(state, 0, "memory").reserved()).isEqualTo(3 * GI);
    assertThat(state.containerBlocks("p", "sidecar").orElseThrow()).containsExactly(block("memory", 2 * GI, 0));
  }

  @Test
  void reusableMemoryIsTrackedForThePodBeingAdmittedOnly() {
    Pod first = new Pod.Builder().uid("p").addInitContainer(gu("init", "1", "2Gi")).addContainer(gu("app", "1", "1Gi"))
        .build();
    Pod second = new Pod.Builder().uid("q").addContainer(gu("app", "1", "1Gi")).build();
    MemoryManagerState state = allocated(policy.allocate(started(policy), first, first.initContainers().get(0),
        node0, QuirkLog.of(Behaviour.KUBELET)));

    state = allocated(policy.allocate(state, second, second.containers().get(0), node0,
        QuirkLog.of(Behaviour.KUBELET)));

    assertThat(table(state, 0, "memory").reserved()).isEqualTo(3 * GI);
    assertThat(state.reusableInitMemory()).isEqualTo(ReusableInitMemory.none());
  }

  @Test
  void removingEveryContainerOfAPodWithReuseRestoresTheMachineState() {
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainer(gu("init", "1", "2Gi"))
        .addContainer(gu("app1", "1", "1Gi"))
        .addContainer(gu("app2", "1", "2Gi"))
        .build();
    MemoryManagerState state = allocateAll(pod);
    assertThat(table(state, 0, "memory").reserved()).isEqualTo(3 * GI);

    for (Container container : pod.initAndAppContainers()) {
      state = policy.removeContainer(state, "p", container.name());
    }

    assertThat(state.machineState()).isEqualTo(policy.defaultMachineState());
  }

  /**
   * Upstream {@code TestStaticPolicyAllocateWithInitContainers}: one node (8Gi memory with 512Mi
   * reserved, 8 pages of 1Gi), memory and hugepages requested alike, nil hint.
   */
  @Test
  void upstreamInitContainerReuseCases() {
    assertReuse(new long[] {1, 2}, new long[] {3, 4}, new long[] {0, 0}, 7);
    assertReuse(new long[] {4, 3}, new long[] {2, 1}, new long[] {0, 1}, 4);
    assertReuse(new long[] {7, 4}, new long[] {4, 3}, new long[] {0, 0}, 7);
  }

  private static void assertReuse(long[] initGi, long[] appGi, long[] initBlocksGi, long reservedGi) {
    long mi = 1L << 20;
    StaticMemoryPolicy upstream = StaticMemoryPolicy.create(java.util.List.of(), java.util.Map.of(0,
        java.util.Map.of("memory", 512 * mi)), PLRM_OFF);
    MemoryMachineState machine = new MemoryMachineState.Builder().putNode(0, new NumaNodeState.Builder()
        .numberOfAssignments(0).addCell(0)
        .putMemoryMap("memory", MemoryTable.unused(8 * GI, 512 * mi, 7680 * mi))
        .putMemoryMap("hugepages-1Gi", MemoryTable.unused(8 * GI, 0, 8 * GI))
        .build()).build();
    Pod.Builder builder = new Pod.Builder().uid("pod1");
    for (int i = 0; i < initGi.length; i++) {
      builder.addInitContainer(gu("initContainer" + (i + 1), "1000Mi", initGi[i] + "Gi", "hugepages-1Gi", initGi[i] + "Gi"));
    }
    for (int i = 0; i < appGi.length; i++) {
      builder.addContainer(gu("container" + (i + 1), "1000Mi", appGi[i] + "Gi", "hugepages-1Gi", appGi[i] + "Gi"));
    }
    Pod pod = builder.build();
    MemoryManagerState state = new MemoryManagerState.Builder().machineState(machine).build();
    for (Container container : pod.initAndAppContainers()) {
      state = allocated(upstream.allocate(state, pod, container, MemoryFixtures.ANY, QuirkLog.of(Behaviour.KUBELET)));
    }

    for (int i = 0; i < initGi.length; i++) {
      assertThat(state.containerBlocks("pod1", "initContainer" + (i + 1)).orElseThrow()).containsExactly(
          block("hugepages-1Gi", initBlocksGi[i] * GI, 0), block("memory", initBlocksGi[i] * GI, 0));
    }
    assertThat(table(state, 0, "memory").reserved()).isEqualTo(reservedGi * GI);
    assertThat(table(state, 0, "hugepages-1Gi").reserved()).isEqualTo(reservedGi * GI);
    assertThat(state.machineState().nodes().get(0).numberOfAssignments()).isEqualTo(8);
  }
}
