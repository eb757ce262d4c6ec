package io.podtopo.app.input;

import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.InvalidNodeConfigException;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.pod.Resources;
import io.podtopo.domain.text.ByteSizes;
import io.podtopo.domain.topology.Machine;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.InvalidTopologyManagerConfigException;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns {@link NodeSettings} into the domain's {@link NodeConfig} for one machine, with the checks
 * across fields the kubelet makes before its managers start, and then the managers' own start-up
 * checks ({@link NodeResourceManagers#create}).
 *
 * <ul>
 *   <li>Reserved CPUs: {@code reservedSystemCPUs} when given (it replaces the cpu of
 *       {@code kubeReserved} and {@code systemReserved}, as the kubelet does); otherwise
 *       {@code ceil((kubeReserved.cpu + systemReserved.cpu) in millicores / 1000)} CPUs.
 *   <li>Reserved memory: {@code reservedMemory} per NUMA node in bytes; the same NUMA node and
 *       resource twice is an error; under the {@code Static} memory policy the sum per resource must
 *       equal {@code kubeReserved + systemReserved} (plus {@code evictionHard memory.available} for
 *       {@code memory}), upstream {@code validateReservedMemory}.
 * </ul>
 *
 * <p>Every problem is one {@link InputException} naming the settings' source and the field.
 */
public final class NodeConfigs {

  private static final String CPU = "cpu";
  private static final String MEMORY = "memory";

  private NodeConfigs() {}

  /** The managers the kubelet would start with these settings on this machine. @throws InputException */
  public static NodeResourceManagers managers(NodeSettings settings, Machine machine) {
    NodeConfig config = config(settings, machine);
    try {
      return NodeResourceManagers.create(config, machine);
    } catch (InvalidNodeConfigException e) {
      throw new InputException(settings.source() + ": " + e.getMessage(), e);
    }
  }

  /** The domain configuration of these settings. @throws InputException */
  public static NodeConfig config(NodeSettings settings, Machine machine) {
    String source = settings.source();
    settings.featureGates().kubeletRefusal().ifPresent(refusal -> {
      throw new InputException(source + ": featureGates: " + refusal);
    });
    NodeConfig.Builder config = new NodeConfig.Builder()
        .cpuManagerPolicyOptions(settings.cpuManagerPolicyOptions())
        .topologyManagerPolicyOptions(settings.topologyManagerPolicyOptions())
        .featureGates(settings.featureGates())
        .reservedMemory(reservedMemory(settings))
        .reservedSystemCpus(settings.reservedSystemCpus())
        .maxPods(settings.maxPods())
        .behaviour(settings.behaviour());
    try {
      config.cpuManagerPolicy(CpuManagerPolicy.parse(settings.cpuManagerPolicy()))
          .memoryManagerPolicy(MemoryManagerPolicy.parse(settings.memoryManagerPolicy()));
    } catch (InvalidNodeConfigException e) {
      throw new InputException(source + ": " + e.getMessage(), e);
    }
    try {
      config.topologyManagerPolicy(TopologyManagerPolicy.parse(settings.topologyManagerPolicy()));
    } catch (InvalidTopologyManagerConfigException e) {
      throw new InputException(source + ": topologyManagerPolicy: " + e.getMessage(), e);
    }
    try {
      config.topologyManagerScope(TopologyManagerScope.parse(settings.topologyManagerScope()));
    } catch (InvalidTopologyManagerConfigException e) {
      throw new InputException(source + ": topologyManagerScope: " + e.getMessage(), e);
    }
    if (settings.reservedSystemCpus().isEmpty()) {
      config.reservedCpuCount(reservedCpuCount(settings));
    }
    if (settings.memoryManagerPolicy().equals(MemoryManagerPolicy.STATIC.kubeletName())) {
      checkReservedMemoryMatchesNodeAllocatable(settings, machine);
    }
    return config.build();
  }

  /** Upstream {@code numReservedCPUs}: the reserved millicores rounded up to whole CPUs. */
  private static int reservedCpuCount(NodeSettings settings) {
    Quantity total = settings.kubeReserved().getOrDefault(CPU, Quantity.ZERO)
        .plus(settings.systemReserved().getOrDefault(CPU, Quantity.ZERO));
    long millis = total.milliValue();
    long cpus = (millis + 999) / 1000;
    if (cpus > Integer.MAX_VALUE) {
      throw new InputException(settings.source() + ": kubeReserved.cpu + systemReserved.cpu: "
          + "more CPUs than any machine has: " + total);
    }
    return (int) cpus;
  }

  private static SortedMap<Integer, SortedMap<String, Long>> reservedMemory(NodeSettings settings) {
    SortedMap<Integer, SortedMap<String, Long>> reserved = new TreeMap<>();
    for (int i = 0; i < settings.reservedMemory().size(); i++) {
      ReservedMemory entry = settings.reservedMemory().get(i);
      SortedMap<String, Long> node = reserved.computeIfAbsent(entry.numaNode(), id -> new TreeMap<>());
      for (Map.Entry<String, Quantity> limit : entry.limits().entrySet()) {
        String field = "reservedMemory[" + i + "].limits." + limit.getKey();
        if (!limit.getValue().fitsInLong()) {
          throw new InputException(settings.source() + ": " + field + ": too large: " + limit.getValue());
        }
        if (node.put(limit.getKey(), limit.getValue().bytes()) != null) {
          throw new InputException(settings.source() + ": " + field + ": the reserved memory has a duplicate "
              + "value for NUMA node " + entry.numaNode() + " and resource \"" + limit.getKey() + "\"");
        }
      }
    }
    return reserved;
  }

  /** Upstream {@code validateReservedMemory} against the node allocatable reservation. */
  private static void checkReservedMemoryMatchesNodeAllocatable(NodeSettings settings, Machine machine) {
    SortedMap<String, Long> reserved = new TreeMap<>();
    settings.reservedMemory().forEach(entry -> entry.limits().forEach((resource, amount) ->
        reserved.merge(resource, amount.bytes(), Long::sum)));
    SortedMap<String, Long> allocatable = new TreeMap<>();
    for (SortedMap<String, Quantity> reservation : java.util.List.of(settings.kubeReserved(), settings.systemReserved())) {
      reservation.forEach((resource, amount) -> {
        if (Resources.isMemoryKind(resource)) {
          allocatable.merge(resource, amount.bytes(), Long::sum);
        }
      });
    }
    long eviction = evictionReserve(settings, machine);
    if (eviction > 0) {
      allocatable.merge(MEMORY, eviction, Long::sum);
    }
    SortedSet<String> types = new TreeSet<>(reserved.keySet());
    types.addAll(allocatable.keySet());
    for (String type : types) {
      long expected = allocatable.getOrDefault(type, 0L);
      long actual = reserved.getOrDefault(type, 0L);
      if (expected != actual) {
        throw new InputException(settings.source() + ": reservedMemory: the total amount \""
            + ByteSizes.quantity(actual) + "\" of type \"" + type + "\" is not equal to the value \""
            + ByteSizes.quantity(expected) + "\" determined by Node Allocatable feature (kubeReserved + "
            + "systemReserved" + (type.equals(MEMORY) ? " + evictionHard memory.available" : "") + ")");
      }
    }
  }

  /** {@code evictionHard memory.available} in bytes; a percentage is of the machine's memory. */
  private static long evictionReserve(NodeSettings settings, Machine machine) {
    String value = settings.evictionHardMemoryAvailable();
    if (value.endsWith("%")) {
      long capacity = machine.numaNodes().stream().mapToLong(NumaNode::memoryBytes).sum();
      return new BigDecimal(value.substring(0, value.length() - 1)).multiply(BigDecimal.valueOf(capacity))
          .divide(BigDecimal.valueOf(100), 0, RoundingMode.DOWN).longValueExact();
    }
    return Quantity.parse(value).bytes();
  }
}
