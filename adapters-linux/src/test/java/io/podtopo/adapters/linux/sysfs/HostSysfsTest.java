package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The machine this build runs on reads from its real {@code /}, consistent with the kernel's other counts. */
class HostSysfsTest {

  @Test
  void theHostReadsWithEveryOnlineCpuThatCpuinfoCounts() throws Exception {
    SysfsTopology topology = SysfsTopology.read(SysfsTopology.HOST_ROOT);

    CpuSet online = CpuSet.parse(Files.readString(Path.of("/sys/devices/system/cpu/online")));
    long processors = Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
        .filter(line -> line.matches("processor\\s*:.*")).count();
    CpuSet read = CpuSet.of(topology.cpus().stream().map(SysfsTopology.Cpu::id).toList());
    assertThat(read).isEqualTo(online);
    assertThat(read.size()).isEqualTo(processors);
    assertThat(topology.numaNodes()).isNotEmpty();
    assertThat(topology.numaNodes()).allSatisfy(node -> assertThat(node.memoryBytes()).isPositive());
    Machine machine = topology.toMachine();
    assertThat(machine.cpuSet()).isEqualTo(online);
  }

  @Test
  void theSourceReadsOnceAndGivesEveryCallerTheSameMachine() throws Exception {
    SysfsMachineSource source = new SysfsMachineSource(SysfsTopology.HOST_ROOT);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Callable<Machine>> calls = List.of(source::machine, source::machine, source::machine, source::machine);
      List<Machine> machines = pool.invokeAll(calls).stream().map(HostSysfsTest::get).toList();
      assertThat(machines).allSatisfy(machine -> assertThat(machine).isSameAs(machines.get(0)));
    } finally {
      pool.shutdownNow();
    }
    assertThat(source.machine()).isSameAs(source.machine());
    assertThat(source.topology().toMachine()).isEqualTo(source.machine());
    assertThat(source.root()).isEqualTo(SysfsTopology.HOST_ROOT);
  }

  private static Machine get(Future<Machine> future) {
    try {
      return future.get();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
