package io.podtopo.app.input;

import io.podtopo.domain.pod.Quantity;
import java.util.SortedMap;
import org.immutables.value.Value;

/** One {@code reservedMemory} entry of a KubeletConfiguration: memory kept from pods on one NUMA node. */
@Value.Immutable
public abstract class ReservedMemory {

  public abstract int numaNode();

  /** {@code memory} and {@code hugepages-<size>} amounts. */
  @Value.NaturalOrder
  public abstract SortedMap<String, Quantity> limits();

  /** Builder: {@code new ReservedMemory.Builder().numaNode(0).putLimit("memory", q).build()}. */
  public static class Builder extends ImmutableReservedMemory.Builder {}
}
