package io.podtopo.domain.topology;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The natural order of device ids (decision D-39): runs of digits by value, the rest character by character. */
class DeviceIdsTest {

  private static List<String> sorted(String... ids) {
    TreeSet<String> set = new TreeSet<>(DeviceIds.ORDER);
    set.addAll(List.of(ids));
    return List.copyOf(set);
  }

  @Test
  void runsOfDigitsCompareAsNumbers_d39() {
    assertThat(sorted("GPU-10", "GPU-9", "GPU-2")).containsExactly("GPU-2", "GPU-9", "GPU-10");
    assertThat(sorted("n10a", "n9b")).containsExactly("n9b", "n10a");
  }

  @Test
  void otherCharactersCompareOneByOneWhateverTheLengths_d39() {
    assertThat(sorted("b", "aa")).containsExactly("aa", "b");
    assertThat(sorted("nic-b", "nic-aa1")).containsExactly("nic-aa1", "nic-b");
  }

  @Test
  void anIdThatStartsAnotherComesFirst_d39() {
    assertThat(DeviceIds.ORDER.compare("nic", "nic-a")).isNegative();
    assertThat(DeviceIds.ORDER.compare("nic-a", "nic")).isPositive();
    assertThat(DeviceIds.ORDER.compare("GPU-1", "GPU-1a")).isNegative();
    assertThat(DeviceIds.ORDER.compare("GPU-1a", "GPU-1")).isPositive();
  }

  @Test
  void idsEqualAsNumbersFallBackToStringOrderSoTheOrderIsTotal_d39() {
    assertThat(sorted("1", "01", "001")).containsExactly("001", "01", "1");
    assertThat(sorted("GPU-01", "GPU-1")).containsExactly("GPU-01", "GPU-1");
    assertThat(DeviceIds.ORDER.compare("GPU-1", "GPU-1")).isZero();
  }

  @Test
  void zerosCompareAsTheNumberZero_d39() {
    assertThat(sorted("GPU-1", "GPU-00", "GPU-0")).containsExactly("GPU-0", "GPU-00", "GPU-1");
  }
}
