package io.podtopo.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.TopologyManagerPolicy;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.Scenario;
import io.podtopo.ports.in.ScenarioStep;
import org.junit.jupiter.api.Test;

/** The Dagger graph builds a node over the fake adapters that admits a pod end to end. */
class NodeComponentTest {

  /** Static CPU policy with CPU 0 reserved, single-numa-node in pod scope, PodLevelResourceManagers on. */
  static final NodeConfig CONFIG = new NodeConfig.Builder()
      .cpuManagerPolicy(CpuManagerPolicy.STATIC)
      .reservedSystemCpus(CpuSet.of(0))
      .topologyManagerPolicy(TopologyManagerPolicy.SINGLE_NUMA_NODE)
      .topologyManagerScope(TopologyManagerScope.POD)
      .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, true))
      .build();

  private static final Pod POD = new Pod.Builder().uid("web").name("web")
      .putPodRequest("cpu", Quantity.parse("4")).putPodLimit("cpu", Quantity.parse("4"))
      .putPodRequest("memory", Quantity.parse("1Gi")).putPodLimit("memory", Quantity.parse("1Gi"))
      .addContainer(new Container.Builder().name("app")
          .putRequest("cpu", Quantity.parse("2")).putLimit("cpu", Quantity.parse("2"))
          .putRequest("memory", Quantity.parse("512Mi")).putLimit("memory", Quantity.parse("512Mi")).build())
      .addContainer(Container.named("sidecar-log"))
      .build();

  @Test
  void theProductionComponentCreatesANodeThatAdmitsAPod() {
    NodeComponent node = PodtopoComponent.reference().node()
        .create(CONFIG, CatalogMachineSource.of(MachineCatalog.DEFAULT_MACHINE));
    NodeResourceManager manager = node.nodeResourceManager();

    Admission admission = manager.admit(POD);

    assertThat(admission.failure()).isEmpty();
    assertThat(manager.snapshot().activePods()).containsExactly(POD);
    assertThat(node.nodeResourceManager()).isSameAs(manager);
  }

  @Test
  void theNodeSavesThenWritesThroughTheFakesTheComponentBinds() {
    TestNodeComponent node = TestPodtopoComponent.reference().testNode()
        .create(CONFIG, CatalogMachineSource.of(MachineCatalog.DEFAULT_MACHINE));

    Admission admission = node.nodeResourceManager().admit(POD);

    CpuSet bubble = admission.assignment().orElseThrow().podCpus().orElseThrow();
    assertThat(node.store().load()).contains(node.nodeResourceManager().snapshot());
    assertThat(node.writer().currentCpus("web", "app").orElseThrow().isSubsetOf(bubble)).isTrue();
    assertThat(node.events().events()).first().isEqualTo("save");
    assertThat(node.events().events()).hasSize(3);
    assertThat(node.metrics().counter("admissions{result=\"admitted\"}")).isEqualTo(1);
  }

  @Test
  void theSimulatorIsSharedByTheApplicationAndItsNodes() {
    PodtopoComponent app = PodtopoComponent.reference();
    NodeComponent node = app.node().create(CONFIG, CatalogMachineSource.of(MachineCatalog.DEFAULT_MACHINE));

    assertThat(node.simulator()).isSameAs(app.simulator());
    Scenario scenario = new Scenario.Builder().machine(MachineCatalog.bundled().machine(MachineCatalog.DEFAULT_MACHINE))
        .config(CONFIG).addStep(ScenarioStep.admit(POD)).build();
    assertThat(app.simulator().run(scenario).finalSnapshot().activePods()).containsExactly(POD);
  }
}
