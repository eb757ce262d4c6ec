package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The built-in configuration of {@code simulate} fits whatever machine it is given. */
class BuiltInKubeletConfigTest {

  private static final MachineCatalog CATALOG = MachineCatalog.bundled();

  @Test
  void onTheDemoMachineItIsTheBuiltInDefaultItself() {
    assertThat(BuiltInKubeletConfig.fittedTo(CATALOG.machine("demo-2s"))).isEqualTo(KubeletConfigFile.builtInDefault());
  }

  @Test
  void aSingleNodeMachineReservesItsFirstCoreAndAllTheMemoryOnItsOnlyNode() {
    NodeSettings settings = BuiltInKubeletConfig.fittedTo(CATALOG.machine("laptop-8c2t"));

    assertThat(settings.reservedSystemCpus()).contains(CpuSet.of(0, 1));
    assertThat(settings.memoryManagerPolicy()).isEqualTo("Static");
    assertThat(settings.reservedMemory()).singleElement().satisfies(entry -> {
      assertThat(entry.numaNode()).isZero();
      assertThat(entry.limits()).isEqualTo(Map.of("memory", Quantity.parse("2Gi")));
    });
    assertThat(settings.source()).isEqualTo("built-in kubelet configuration fitted to laptop-8c2t: reserved CPUs 0-1, "
        + "memory reserved on NUMA node 0");
  }

  @Test
  void aMachineWithoutNumaMemoryGetsTheMemoryPolicyNoneAndSaysSo() {
    NodeSettings settings = BuiltInKubeletConfig.fittedTo(CATALOG.machine("topoDualSocketHT"));

    assertThat(settings.reservedSystemCpus()).contains(CpuSet.of(0, 6));
    assertThat(settings.memoryManagerPolicy()).isEqualTo("None");
    assertThat(settings.reservedMemory()).isEmpty();
    assertThat(settings.source()).endsWith("memory policy None, as no NUMA node has 2Gi");
  }

  @Test
  void theMemoryReservationSkipsNodesTooSmallToHoldIt() {
    Machine machine = CATALOG.machine("gb200-tray");
    NodeSettings settings = BuiltInKubeletConfig.fittedTo(machine);

    assertThat(settings.reservedMemory()).extracting(ReservedMemory::numaNode).containsExactly(0, 1);
    assertThat(settings.reservedMemory().stream().mapToLong(entry -> entry.limits().get("memory").bytes()).sum())
        .isEqualTo(Quantity.parse("2Gi").bytes());
  }

  @Test
  void everyCatalogMachineStartsTheManagersUnderItsFittedConfiguration() {
    for (String name : CATALOG.names()) {
      Machine machine = CATALOG.machine(name);

      assertThat(NodeConfigs.managers(BuiltInKubeletConfig.fittedTo(machine), machine)).as(name).isNotNull();
    }
  }
}
