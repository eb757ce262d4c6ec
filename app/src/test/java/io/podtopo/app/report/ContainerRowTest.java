package io.podtopo.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.memorymanager.MemoryBlock;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 10: memory items are labelled whenever a container has more than plain memory. */
class ContainerRowTest {

  @Test
  void onlyMemoryIsUnlabelledAndEveryItemIsLabelledBesideHugepages() {
    MemoryBlock memory = block("memory", 3L << 30, 0);
    MemoryBlock hugepages = block("hugepages-1Gi", 1L << 30, 0);

    assertThat(ContainerRow.memoryText(List.of(memory))).isEqualTo("3Gi @0");
    assertThat(ContainerRow.memoryText(List.of(hugepages, memory))).isEqualTo("hugepages-1Gi 1Gi @0, memory 3Gi @0");
    assertThat(ContainerRow.memoryText(List.of())).isEqualTo("-");
  }

  private static MemoryBlock block(String type, long size, int numa) {
    return MemoryBlock.of(List.of(numa), type, size);
  }
}
