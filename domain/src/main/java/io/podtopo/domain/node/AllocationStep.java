package io.podtopo.domain.node;

import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import io.podtopo.domain.topology.NumaMask;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.immutables.value.Value;

/**
 * One allocation or partition step of an admission, as data, with a readable
 * {@link #description()}: e.g. {@code bubble 2-5,14-17 from NUMA [0]}, {@code slice main-app 3-5},
 * {@code pod shared pool logger,metrics 2,14-17}, {@code memory main-app 1073741824 memory @ [0]},
 * {@code devices main-app nvidia.com/gpu GPU-1 @ NUMA 1}.
 */
@Value.Immutable
public abstract class AllocationStep {

  public abstract AllocationStepKind kind();

  /** The containers the step concerns, in pod order; empty for pod-level steps. */
  public abstract List<String> containers();

  /** The CPUs given out (CPU steps). */
  public abstract Optional<CpuSet> cpus();

  /** The NUMA nodes the step was aligned to, when known. */
  public abstract Optional<NumaMask> numaNodes();

  /** The memory blocks given out (memory steps). */
  public abstract List<MemoryBlock> memory();

  /** The devices given out (device steps). */
  public abstract List<Device> devices();

  /** One readable line. */
  @Value.Lazy
  public String description() {
    StringBuilder line = new StringBuilder(kind().label());
    if (!containers().isEmpty()) {
      line.append(' ').append(String.join(",", containers()));
    }
    cpus().ifPresent(cpus -> line.append(' ').append(cpus.isEmpty() ? "(none)" : cpus.toString()));
    if (!memory().isEmpty()) {
      line.append(' ').append(memory().stream()
          .map(block -> block.size() + " " + block.type() + " @ " + block.numaAffinity())
          .collect(Collectors.joining(", ")));
    }
    if (!devices().isEmpty()) {
      line.append(' ').append(devices().stream()
          .map(device -> device.resource() + " " + device.id() + device.numaNode().map(node -> " @ NUMA " + node)
              .orElse(" (no NUMA node)"))
          .collect(Collectors.joining(", ")));
    }
    numaNodes().ifPresent(nodes -> line.append(" from NUMA ").append(nodes.nodes()));
    return line.toString();
  }

  @Override
  public String toString() {
    return description();
  }

  /** Builder: {@code new AllocationStep.Builder().kind(AllocationStepKind.POD_BUBBLE)...build()}. */
  public static class Builder extends ImmutableAllocationStep.Builder {}
}
