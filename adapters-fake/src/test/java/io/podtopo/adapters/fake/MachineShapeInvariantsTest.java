package io.podtopo.adapters.fake;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Invariants of every shape, checked over an exhaustive grid of small shapes and all numberings. */
class MachineShapeInvariantsTest {

  @Test
  void everyShapeOfTheGridHoldsTheLayoutAndNumberingInvariants() {
    List<String> shapes = grid();
    assertThat(shapes).hasSizeGreaterThan(400);
    for (String text : shapes) {
      MachineShape shape = MachineShape.parse(text);
      Machine machine = shape.toMachine();
      int cores = shape.totalCores();
      int threads = shape.threadsPerCore();

      assertThat(machine.cpuSet()).as(text).isEqualTo(CpuSet.range(0, shape.totalCpus() - 1));
      Map<Integer, List<Cpu>> byCore = group(machine, Cpu::core);
      assertThat(byCore).as(text).hasSize(cores);
      byCore.forEach((core, cpus) -> {
        assertThat(cpus).as(text + " core " + core).hasSize(threads);
        assertThat(cpus.get(0).id()).as(text + " core id is the lowest sibling").isEqualTo(core);
        assertThat(cpus.stream().map(c -> List.of(c.socket(), c.numaNode(), c.uncoreCache())).distinct())
            .as(text + " siblings share socket, node and L3").hasSize(1);
        for (int t = 1; t < cpus.size(); t++) {
          int step = cpus.get(t).id() - cpus.get(t - 1).id();
          assertThat(step).as(text + " sibling step").isEqualTo(shape.siblings() == MachineShape.Siblings.FAR ? cores : 1);
        }
      });
      group(machine, Cpu::numaNode).forEach((node, cpus) ->
          assertThat(cpus).as(text + " node " + node).hasSize(shape.coresPerNode() * threads));
      group(machine, Cpu::socket).forEach((socket, cpus) ->
          assertThat(cpus).as(text + " socket " + socket).hasSize(shape.totalCpus() / shape.sockets()));
      group(machine, Cpu::uncoreCache).forEach((cache, cpus) -> {
        assertThat(cpus.stream().map(Cpu::numaNode).distinct().count() == 1
            || cpus.stream().map(Cpu::socket).distinct().count() == 1).as(text + " L3 " + cache).isTrue();
        assertThat(cpus.stream().map(Cpu::socket).distinct()).as(text + " L3 within a socket").hasSize(1);
        if (shape.coresPerL3() > 0) {
          assertThat(cpus).as(text + " L3 size").hasSize(shape.coresPerL3() * threads);
        }
      });
      machine.numaNodeIds().forEach(a -> machine.numaNodeIds().forEach(b -> {
        assertThat(machine.distance(a, b)).as(text + " symmetric").isEqualTo(machine.distance(b, a));
        assertThat(machine.distance(a, b) == 10).as(text + " only the diagonal is local").isEqualTo(a.equals(b));
      }));
    }
  }

  private static List<String> grid() {
    List<String> shapes = new ArrayList<>();
    for (int sockets : new int[] {1, 2, 4}) {
      for (int nodes : new int[] {1, 2, 4, 8}) {
        for (int cores : new int[] {1, 2, 4, 6}) {
          for (int threads : new int[] {1, 2, 4}) {
            for (String extra : new String[] {"", ",siblings=near", ",order=interleaved", ",l3=2,cpuless=2"}) {
              String text = sockets + "s" + nodes + "n" + cores + "c" + threads + "t" + extra;
              if (valid(text)) {
                shapes.add(text);
              }
            }
          }
        }
      }
    }
    return shapes;
  }

  private static boolean valid(String text) {
    try {
      MachineShape.parse(text);
      return true;
    } catch (MachineShapeException e) {
      return false;
    }
  }

  private static Map<Integer, List<Cpu>> group(Machine machine, Function<Cpu, Integer> key) {
    return machine.cpus().stream().collect(Collectors.groupingBy(key, java.util.TreeMap::new, Collectors.toList()));
  }
}
