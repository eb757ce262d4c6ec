package io.podtopo.app.simulate;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.app.input.BuiltInExamples;
import io.podtopo.app.input.NodeConfigs;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.app.input.ScenarioScript;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.Simulator;
import java.util.List;

/**
 * What {@code podtopo simulate} runs without arguments: the KEP-5526 examples of {@code examples/}
 * on the catalog machine {@code demo-2s}, once in pod scope (shared-only, mixed, the
 * empty-shared-pool rejection, init containers and a sidecar) and once in container scope (mixed,
 * pod-level resources only).
 */
public final class KepExamples {

  /** The pod-scope run: kubelet configuration and pod files below {@code examples/}. */
  static final String POD_SCOPE_CONFIG = "kubelet/pod-scope.yaml";
  static final List<String> POD_SCOPE_PODS = List.of("pods/pod-scope/01-shared-only.yaml",
      "pods/pod-scope/02-mixed.yaml", "pods/pod-scope/03-empty-shared-pool.yaml",
      "pods/pod-scope/04-init-and-sidecars.yaml");
  /** The container-scope run. */
  static final String CONTAINER_SCOPE_CONFIG = "kubelet/container-scope.yaml";
  static final List<String> CONTAINER_SCOPE_PODS = List.of("pods/container-scope/01-mixed.yaml",
      "pods/container-scope/02-pod-only.yaml");

  private KepExamples() {}

  /** Both runs, pod scope first, through {@code simulation}, as kubelet v1.37 behaves. */
  public static List<SimulationRun> runs(Simulation simulation, MachineCatalog catalog) {
    return runs(simulation, catalog, Behaviour.KUBELET);
  }

  /** Both runs, pod scope first, through {@code simulation}, under {@code behaviour}. */
  public static List<SimulationRun> runs(Simulation simulation, MachineCatalog catalog, Behaviour behaviour) {
    Machine machine = catalog.machine(MachineCatalog.DEFAULT_MACHINE);
    return List.of(
        run(simulation, "KEP-5526 examples in pod scope", machine, POD_SCOPE_CONFIG, POD_SCOPE_PODS, behaviour),
        run(simulation, "KEP-5526 examples in container scope", machine, CONTAINER_SCOPE_CONFIG, CONTAINER_SCOPE_PODS,
            behaviour));
  }

  private static SimulationRun run(Simulation simulation, String title, Machine machine, String config,
      List<String> pods, Behaviour behaviour) {
    NodeSettings settings = BuiltInExamples.kubeletConfig(config).withBehaviour(behaviour);
    ScenarioScript script = ScenarioScript.admitting(BuiltInExamples.pods(pods,
        PodRoute.apiServer(settings.featureGates())));
    return simulation.run(title, settings.source(), NodeConfigs.managers(settings, machine), script,
        Simulator.StepProgress.none());
  }
}
