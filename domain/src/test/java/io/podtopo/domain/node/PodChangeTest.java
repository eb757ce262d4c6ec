package io.podtopo.domain.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Issue 24 item 3, fixes that fix: one change to a rejected pod, as the user writes it. */
class PodChangeTest {

  private static final long GI = 1L << 30;

  @Test
  void issue24_item3_aChangeAsksForAnotherPositiveAmountNeverForNothing() {
    assertThatThrownBy(() -> new PodChange(Optional.empty(), "cpu", 4000, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another positive amount");
    assertThatThrownBy(() -> new PodChange(Optional.of("app"), "nvidia.com/gpu", 2, 0))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new PodChange(Optional.empty(), "memory", 4 * GI, 4 * GI))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void issue24_item3_theAmountsOfAChangeAreKubernetesQuantitiesAUserWritesInTheManifest() {
    PodChange wholeToFractional = new PodChange(Optional.empty(), "cpu", 4000, 1500);
    PodChange fractionalToWhole = new PodChange(Optional.empty(), "cpu", 2500, 3000);
    PodChange memory = new PodChange(Optional.of("app"), "memory", 4 * GI, 5 * GI);
    PodChange hugepages = new PodChange(Optional.of("app"), "hugepages-2Mi", 4L << 20, 2L << 20);
    PodChange devices = new PodChange(Optional.of("app"), "nvidia.com/gpu", 3, 2);

    assertThat(List.of(wholeToFractional.fromQuantity(), wholeToFractional.toQuantity())).containsExactly("4", "1500m");
    assertThat(List.of(fractionalToWhole.fromQuantity(), fractionalToWhole.toQuantity())).containsExactly("2500m", "3");
    assertThat(List.of(memory.fromQuantity(), memory.toQuantity())).containsExactly("4Gi", "5Gi");
    assertThat(List.of(hugepages.fromQuantity(), hugepages.toQuantity())).containsExactly("4Mi", "2Mi");
    assertThat(List.of(devices.fromQuantity(), devices.toQuantity())).containsExactly("3", "2");
  }

  @Test
  void issue24_item3_aCpuAmountThatIsNotWholeSaysWhichContainerGivesUpItsExclusiveCpus() {
    PodFix container = new PodFix(List.of(new PodChange(Optional.of("worker"), "cpu", 7000, 6900)));
    PodFix budget = new PodFix(List.of(new PodChange(Optional.empty(), "cpu", 7000, 6900)));

    assertThat(container.advice()).isEqualTo("ask for 6900m of cpu instead of 7 in container worker's resources "
        + "(requests and limits); 6900m of cpu is not a whole number of CPUs, so no CPU is exclusive: the node's "
        + "shared CPUs run container worker");
    assertThat(budget.advice()).endsWith("the node's shared CPUs run the pod");
  }
}
