package io.podtopo.conformance.generators;

import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topology.NumaNode;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Generators for the Memory Manager: machines of 1 to 8 NUMA nodes with regular memory and 2Mi and
 * 1Gi hugepages plus their reserved memory, Guaranteed pods (container-level, or pod-level with
 * exclusive and shared containers), and Topology Manager hints.
 */
public final class MemoryGenerators {

  private static final long MI = 1L << 20;
  private static final long GI = 1L << 30;

  private MemoryGenerators() {}

  /** NUMA nodes and the reserved memory by node and resource (regular memory on every node). */
  public record MemoryMachine(List<NumaNode> nodes, Map<Integer, Map<String, Long>> reservedMemory) {}

  public static Gen<MemoryMachine> machines() {
    return SourceDSL.lists().of(nodeShapes()).ofSizeBetween(1, 8).map(MemoryGenerators::machine);
  }

  private record NodeShape(long freeMemory, long hugepages2Mi, long hugepages1Gi, long reserved, long reserved2Mi) {}

  private static Gen<NodeShape> nodeShapes() {
    Gen<Long> freeMemory = Generate.longRange(1, 16).map(gi -> gi * GI);
    Gen<Long> pages2Mi = Generate.pick(List.of(0L, 0L, 64L, 512L));
    Gen<Long> pages1Gi = Generate.longRange(0, 4);
    Gen<Long> reserved = Generate.longRange(1, 8).map(n -> n * 128 * MI);
    Gen<Long> reserved2Mi = Generate.pick(List.of(0L, 0L, 8L));
    return freeMemory.zip(pages2Mi, pages1Gi, reserved, reserved2Mi, NodeShape::new);
  }

  private static MemoryMachine machine(List<NodeShape> shapes) {
    List<NumaNode> nodes = new ArrayList<>();
    Map<Integer, Map<String, Long>> reserved = new TreeMap<>();
    for (int id = 0; id < shapes.size(); id++) {
      NodeShape shape = shapes.get(id);
      long hugepages = shape.hugepages2Mi() * 2 * MI + shape.hugepages1Gi() * GI;
      NumaNode.Builder node = new NumaNode.Builder().id(id)
          .memoryBytes(shape.freeMemory() + hugepages + shape.reserved());
      if (shape.hugepages2Mi() > 0) {
        node.putHugepage(2 * MI, shape.hugepages2Mi());
      }
      if (shape.hugepages1Gi() > 0) {
        node.putHugepage(GI, shape.hugepages1Gi());
      }
      nodes.add(node.build());
      Map<String, Long> byType = new TreeMap<>();
      byType.put("memory", shape.reserved());
      if (shape.hugepages2Mi() > shape.reserved2Mi() && shape.reserved2Mi() > 0) {
        byType.put("hugepages-2Mi", shape.reserved2Mi() * 2 * MI);
      }
      reserved.put(id, byType);
    }
    return new MemoryMachine(List.copyOf(nodes), reserved);
  }

  /** Guaranteed pods: container-level or pod-level, with uid {@code pod}; callers rename them. */
  public static Gen<Pod> guaranteedPods() {
    return Generate.oneOf(containerLevelPods(), podLevelPods());
  }

  private record Demand(long memory, long hugepages2Mi, long hugepages1Gi) {}

  private static Gen<Demand> demands() {
    return Generate.longRange(1, 16).map(n -> n * 256 * MI)
        .zip(Generate.pick(List.of(0L, 0L, 4L, 32L)), Generate.pick(List.of(0L, 0L, 0L, 1L)),
            (memory, pages2Mi, pages1Gi) -> new Demand(memory, pages2Mi * 2 * MI, pages1Gi * GI));
  }

  private static Gen<Pod> containerLevelPods() {
    Gen<List<Demand>> apps = SourceDSL.lists().of(demands()).ofSizeBetween(1, 3);
    Gen<List<Demand>> inits = SourceDSL.lists().of(demands()).ofSizeBetween(0, 2);
    return apps.zip(inits, Generate.booleans(), (appDemands, initDemands, lastInitIsSidecar) -> {
      Pod.Builder pod = new Pod.Builder().uid("pod");
      for (int i = 0; i < initDemands.size(); i++) {
        boolean sidecar = lastInitIsSidecar && i == initDemands.size() - 1;
        pod.addInitContainer(exclusive("init" + i, initDemands.get(i), sidecar));
      }
      for (int i = 0; i < appDemands.size(); i++) {
        pod.addContainer(exclusive("app" + i, appDemands.get(i), false));
      }
      return pod.build();
    });
  }

  private static Gen<Pod> podLevelPods() {
    Gen<List<Demand>> exclusiveApps = SourceDSL.lists().of(demands()).ofSizeBetween(0, 2);
    Gen<Integer> sharedApps = Generate.range(0, 2);
    Gen<Demand> sharedPool = demands();
    return exclusiveApps.zip(sharedApps, sharedPool, Generate.booleans(), (exclusive, shared, pool, sharedInit) -> {
      int sharedCount = exclusive.isEmpty() ? Math.max(1, shared) : shared;
      long memory = pool.memory();
      long pages2Mi = pool.hugepages2Mi();
      long pages1Gi = pool.hugepages1Gi();
      Pod.Builder pod = new Pod.Builder().uid("pod");
      if (sharedInit) {
        pod.addInitContainer(Container.named("init-shared"));
      }
      for (int i = 0; i < exclusive.size(); i++) {
        Demand demand = exclusive.get(i);
        pod.addContainer(exclusive("app" + i, demand, false));
        memory += demand.memory();
        pages2Mi += demand.hugepages2Mi();
        pages1Gi += demand.hugepages1Gi();
      }
      for (int i = 0; i < sharedCount; i++) {
        pod.addContainer(Container.named("shared" + i));
      }
      put(pod, "cpu", 8);
      put(pod, "memory", memory);
      if (pages2Mi > 0) {
        put(pod, "hugepages-2Mi", pages2Mi);
      }
      if (pages1Gi > 0) {
        put(pod, "hugepages-1Gi", pages1Gi);
      }
      return pod.build();
    });
  }

  private static void put(Pod.Builder pod, String resource, long amount) {
    pod.putPodRequest(resource, Quantity.of(amount)).putPodLimit(resource, Quantity.of(amount));
  }

  private static Container exclusive(String name, Demand demand, boolean sidecar) {
    Container.Builder container = new Container.Builder().name(name).restartable(sidecar);
    pin(container, "cpu", 1);
    pin(container, "memory", demand.memory());
    if (demand.hugepages2Mi() > 0) {
      pin(container, "hugepages-2Mi", demand.hugepages2Mi());
    }
    if (demand.hugepages1Gi() > 0) {
      pin(container, "hugepages-1Gi", demand.hugepages1Gi());
    }
    return container.build();
  }

  private static void pin(Container.Builder container, String resource, long amount) {
    container.putRequest(resource, Quantity.of(amount)).putLimit(resource, Quantity.of(amount));
  }

  /**
   * Topology Manager hints over nodes 0..{@code maxNodes-1}: mostly "any" (the policy then picks the
   * default hint), sometimes a random mask, preferred or not.
   */
  public static Gen<TopologyHint> hints(int maxNodes) {
    Gen<TopologyHint> masks = Generate.longRange(1, (1L << maxNodes) - 1)
        .zip(Generate.booleans(), (bits, preferred) -> TopologyHint.of(NumaMask.fromBits(bits), preferred));
    return Generate.frequency(
        org.quicktheories.api.Pair.of(3, Generate.constant(TopologyHint.any(false))),
        org.quicktheories.api.Pair.of(1, masks));
  }
}
