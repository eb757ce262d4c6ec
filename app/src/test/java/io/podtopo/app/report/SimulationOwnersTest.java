package io.podtopo.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.app.simulate.KepExamples;
import io.podtopo.app.simulate.Simulation;
import io.podtopo.app.simulate.SimulationRun;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.PodAssignment;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.service.SimulatorService;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The map of a finished run marks the running pods: slices, pod shared pools, reserved and node shared CPUs. */
class SimulationOwnersTest {

  private static final SimulationRun POD_SCOPE = KepExamples.runs(new Simulation(new SimulatorService()), MachineCatalog.bundled()).get(0);

  @Test
  void everyCpuHasTheOwnerOfTheSteadyState() {
    Map<Integer, CpuOwner> owners = SimulationOwners.of(POD_SCOPE);

    assertThat(owners).hasSize(POD_SCOPE.machine().cpus().size());
    assertThat(owners.get(0)).isEqualTo(CpuOwner.reserved());
    assertThat(owners.get(16)).isEqualTo(CpuOwner.reserved());
    cpus("pod-scope-mixed", "main-app").forEachCpu(cpu ->
        assertThat(owners.get(cpu)).isEqualTo(CpuOwner.exclusive("default/pod-scope-mixed main-app")));
    cpus("pod-scope-mixed", "logging-sidecar").forEachCpu(cpu ->
        assertThat(owners.get(cpu)).isEqualTo(CpuOwner.podShared("default/pod-scope-mixed")));
    assertThat(owners.values()).doesNotContain(CpuOwner.exclusive("default/init-and-sidecars setup (init)"));
    POD_SCOPE.nodeSharedPool().difference(POD_SCOPE.reservedCpus()).forEachCpu(cpu ->
        assertThat(owners.get(cpu)).isEqualTo(CpuOwner.nodeShared()));
  }

  private static CpuSet cpus(String pod, String container) {
    PodAssignment assignment = POD_SCOPE.pods().stream().filter(o -> o.pod().name().equals(pod)).findFirst()
        .orElseThrow().admission().assignment().orElseThrow();
    return assignment.containers().stream().filter(c -> c.name().equals(container)).findFirst()
        .flatMap(ContainerAssignment::cpus).orElseThrow();
  }
}
