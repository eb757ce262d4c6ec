package io.podtopo.domain.memorymanager;

import static io.podtopo.domain.memorymanager.MemoryFixtures.GI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.MI;
import static io.podtopo.domain.memorymanager.MemoryFixtures.block;
import static io.podtopo.domain.memorymanager.MemoryFixtures.gu;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The memory manager's values: their equality, and the text a block has in verdicts and violations. */
class MemoryValuesTest {

  @Test
  void aBlockReadsAsItsTypeSizeAndNodes() {
    assertThat(block("hugepages-2Mi", 4 * MI, 0, 1)).hasToString("{hugepages-2Mi:4194304 @ [0, 1]}");
  }

  @Test
  void reusableInitMemoryIsEqualForTheSamePodAndAmountsOnly_mem4() {
    Pod pod = new Pod.Builder().uid("p").addInitContainer(gu("init", "1", "2Gi")).addContainer(gu("app", "1", "1Gi"))
        .build();
    Container init = pod.initContainers().get(0);
    List<MemoryBlock> blocks = List.of(block("memory", 2 * GI, 0));
    ReusableInitMemory reusable = ReusableInitMemory.none().afterAllocation(pod, init, blocks);
    ReusableInitMemory same = ReusableInitMemory.none().afterAllocation(pod, init, blocks);

    assertThat(reusable).isEqualTo(same).hasSameHashCodeAs(same)
        .isNotEqualTo(ReusableInitMemory.none()).doesNotHaveSameHashCodeAs(ReusableInitMemory.none())
        .isNotEqualTo(reusable.afterAllocation(pod, pod.containers().get(0), List.of(block("memory", GI, 0))))
        .isNotEqualTo(ReusableInitMemory.none().afterAllocation(new Pod.Builder().from(pod).uid("q").build(), init,
            blocks));
  }

  /** Upstream's nil map and an empty map both leave the merge alone, but they are different answers. */
  @Test
  void hintsAreEqualByResourceAndTheNilMapIsNoEmptyMap() {
    List<TopologyHint> onNode0 = List.of(TopologyHint.of(NumaMask.of(0), true));
    MemoryHints hints = MemoryHints.of(new TreeMap<>(Map.of("memory", onNode0)));
    MemoryHints same = MemoryHints.of(new TreeMap<>(Map.of("memory", onNode0)));
    MemoryHints empty = MemoryHints.of(new TreeMap<>());

    assertThat(hints).isEqualTo(same).hasSameHashCodeAs(same).isNotEqualTo(empty).doesNotHaveSameHashCodeAs(empty)
        .isNotEqualTo(MemoryHints.of(new TreeMap<>(Map.of("hugepages-1Gi", onNode0))));
    assertThat(MemoryHints.noPreference()).isEqualTo(MemoryHints.noPreference()).isNotEqualTo(empty)
        .hasToString("nil");
  }
}
