package io.podtopo.app.input;

import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.text.ByteSizes;
import io.podtopo.domain.topology.Cpu;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The built-in kubelet configuration fitted to a machine, for simulations given no
 * {@code --kubelet-config}: the settings of {@link KubeletConfigFile#builtInDefault()} with its
 * two machine-specific parts chosen for the machine at hand, so that it also works on a machine read
 * from sysfs.
 *
 * <ul>
 *   <li>{@code reservedSystemCPUs}: every CPU of the core of the machine's lowest CPU (one whole
 *       core, as the default reserves {@code 0,16} on {@code demo-2s}).
 *   <li>{@code reservedMemory}: the default's total (kubeReserved + systemReserved + the hard
 *       eviction threshold, 2Gi) split into two equal halves on the first two NUMA nodes with at
 *       least that total, or all of it on the only such node; with no such node the memory policy
 *       is {@code None} (the Static policy could not reserve it).
 * </ul>
 *
 * <p>On {@code demo-2s} the result is the default itself. Otherwise its {@code source} says what was
 * fitted, so reports name it.
 */
public final class BuiltInKubeletConfig {

  private BuiltInKubeletConfig() {}

  /** The built-in configuration fitted to {@code machine}. */
  public static NodeSettings fittedTo(Machine machine) {
    NodeSettings base = KubeletConfigFile.builtInDefault();
    CpuSet reservedCpus = firstCore(machine);
    long total = base.reservedMemory().stream().mapToLong(entry -> entry.limits().get("memory").bytes()).sum();
    List<ReservedMemory> reservedMemory = spread(machine, total);
    NodeSettings.Builder fitted = new NodeSettings.Builder().from(base).reservedSystemCpus(reservedCpus)
        .reservedMemory(reservedMemory);
    if (reservedMemory.isEmpty()) {
      fitted.memoryManagerPolicy("None");
    }
    NodeSettings settings = fitted.source(base.source()).build();
    if (settings.equals(base)) {
      return base;
    }
    String memory = reservedMemory.isEmpty()
        ? "memory policy None, as no NUMA node has " + ByteSizes.format(total)
        : "memory reserved on NUMA " + (reservedMemory.size() == 1 ? "node " : "nodes ")
            + String.join(",", reservedMemory.stream().map(entry -> Integer.toString(entry.numaNode())).toList());
    return new NodeSettings.Builder().from(settings)
        .source(base.source() + " fitted to " + machine.name() + ": reserved CPUs " + reservedCpus + ", " + memory)
        .build();
  }

  private static CpuSet firstCore(Machine machine) {
    Cpu first = machine.cpus().get(0);
    CpuSet.Builder core = new CpuSet.Builder();
    machine.cpus().stream().filter(cpu -> cpu.socket() == first.socket() && cpu.core() == first.core())
        .forEach(cpu -> core.add(cpu.id()));
    return core.build();
  }

  private static List<ReservedMemory> spread(Machine machine, long total) {
    List<NumaNode> roomy = machine.numaNodes().stream().filter(node -> node.memoryBytes() >= total).toList();
    List<ReservedMemory> entries = new ArrayList<>();
    if (roomy.size() >= 2) {
      entries.add(entry(roomy.get(0), total / 2));
      entries.add(entry(roomy.get(1), total - total / 2));
    } else if (roomy.size() == 1) {
      entries.add(entry(roomy.get(0), total));
    }
    return entries;
  }

  private static ReservedMemory entry(NumaNode node, long bytes) {
    return new ReservedMemory.Builder().numaNode(node.id()).putLimit("memory", Quantity.of(bytes)).build();
  }
}
