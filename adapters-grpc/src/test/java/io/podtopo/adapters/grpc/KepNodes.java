package io.podtopo.adapters.grpc;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.service.NodeResourceManagerService;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The KEP-5526 examples of {@code examples/} as domain values: the kubelet configurations of
 * {@code examples/kubelet/} (static CPU policy with CPUs 0 and 16 reserved, Static memory policy with
 * 1Gi reserved per NUMA node, restricted, both gates on) on the catalog machine {@code demo-2s}
 * (NUMA 0 = CPUs 0-7,16-23, NUMA 1 = 8-15,24-31), and the pods of {@code examples/pods/}.
 */
public final class KepNodes {

  static final long GI = 1L << 30;
  static final long MI = 1L << 20;

  private KepNodes() {}

  /** A node of the example configuration in {@code scope}, with no pod. */
  static NodeResourceManagerService node(TopologyManagerScope scope) {
    NodeConfig.Builder config = new NodeConfig.Builder()
        .cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .reservedSystemCpus(CpuSet.of(0, 16))
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC)
        .topologyManagerPolicy(TopologyManagerPolicy.RESTRICTED)
        .topologyManagerScope(scope)
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true));
    for (int node = 0; node < 2; node++) {
      config.putReservedMemory(node, new TreeMap<>(Map.of("memory", GI)));
    }
    return new NodeResourceManagerService(config.build(), CatalogMachineSource.of(MachineCatalog.DEFAULT_MACHINE),
        new InMemoryAllocationStore(), new RecordingCpusetWriter(), new InMemoryMetricsRecorder());
  }

  /** The pod-scope node after admitting the four pod-scope examples (the third is rejected). */
  public static NodeResourceManagerService podScope() {
    return admitted(node(TopologyManagerScope.POD),
        List.of(sharedOnly(), podScopeMixed(), emptySharedPool(), initAndSidecars()));
  }

  /** The container-scope node after admitting the two container-scope examples. */
  public static NodeResourceManagerService containerScope() {
    return admitted(node(TopologyManagerScope.CONTAINER), List.of(containerScopeMixed(), podOnly()));
  }

  private static NodeResourceManagerService admitted(NodeResourceManagerService node, List<Pod> pods) {
    pods.forEach(node::admit);
    return node;
  }

  /** {@code pod-scope/01-shared-only.yaml}: a 4-CPU, 4Gi budget, two containers without resources. */
  static Pod sharedOnly() {
    return budget("shared-only", "4", "4Gi").addContainer(Container.named("web")).addContainer(Container.named("cache")).build();
  }

  /** {@code pod-scope/02-mixed.yaml}: 5 CPUs, 6Gi; metrics-sidecar 1 CPU, main-app 3 CPUs, logging-sidecar shared. */
  static Pod podScopeMixed() {
    return budget("pod-scope-mixed", "5", "6Gi")
        .addContainer(exclusive("metrics-sidecar", "1", "512Mi").build())
        .addContainer(exclusive("main-app", "3", "4Gi").build())
        .addContainer(Container.named("logging-sidecar"))
        .build();
  }

  /** {@code pod-scope/03-empty-shared-pool.yaml}: the exclusive containers take the whole budget; rejected. */
  static Pod emptySharedPool() {
    return budget("empty-shared-pool", "4", "4Gi")
        .addContainer(exclusive("worker-a", "2", "2Gi").build())
        .addContainer(exclusive("worker-b", "2", "2Gi").build())
        .addContainer(Container.named("helper"))
        .build();
  }

  /** {@code pod-scope/04-init-and-sidecars.yaml}: a standard init container, a sidecar, an exclusive and a shared app. */
  static Pod initAndSidecars() {
    return budget("init-and-sidecars", "4", "4Gi")
        .addInitContainer(exclusive("setup", "2", "1Gi").build())
        .addInitContainer(exclusive("proxy", "1", "512Mi").restartable(true).build())
        .addContainer(exclusive("app", "2", "2Gi").build())
        .addContainer(Container.named("log-shipper"))
        .build();
  }

  /** {@code container-scope/01-mixed.yaml}: 4 CPUs, 4Gi; database 2 CPUs exclusive, backup-agent shared. */
  static Pod containerScopeMixed() {
    return budget("container-scope-mixed", "4", "4Gi")
        .addContainer(exclusive("database", "2", "2Gi").build())
        .addContainer(Container.named("backup-agent"))
        .build();
  }

  /** {@code container-scope/02-pod-only.yaml}: a 2-CPU, 2Gi budget, no container resources. */
  static Pod podOnly() {
    return budget("pod-only", "2", "2Gi").addContainer(Container.named("frontend")).addContainer(Container.named("backend")).build();
  }

  /** A pod named {@code name} (also its uid) in {@code default} with pod-level requests = limits. */
  static Pod.Builder budget(String name, String cpu, String memory) {
    return new Pod.Builder().uid(name).name(name).namespace("default")
        .putPodRequest("cpu", Quantity.parse(cpu)).putPodLimit("cpu", Quantity.parse(cpu))
        .putPodRequest("memory", Quantity.parse(memory)).putPodLimit("memory", Quantity.parse(memory));
  }

  /** A Guaranteed-equivalent container: requests = limits for cpu and memory. */
  static Container.Builder exclusive(String name, String cpu, String memory) {
    return new Container.Builder().name(name)
        .putRequest("cpu", Quantity.parse(cpu)).putLimit("cpu", Quantity.parse(cpu))
        .putRequest("memory", Quantity.parse(memory)).putLimit("memory", Quantity.parse(memory));
  }
}
