package io.podtopo.app.report;

import io.podtopo.app.input.ScenarioStep;
import io.podtopo.app.simulate.PodOutcome;
import io.podtopo.app.simulate.PreExistingPod;
import io.podtopo.app.simulate.SimulationRun;
import io.podtopo.domain.node.NodeConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulation for people: the configuration in one line, one table row per container (pod,
 * container, role, cpus, exclusive, isolation, memory, verdict), the rejection messages, the node
 * shared pool after the run, and the {@link TopologyMap} of the final state.
 */
public final class SimulationTable {

  private static final String[] HEADER = {"POD", "CONTAINER", "ROLE", "CPUS", "EXCLUSIVE", "ISOLATION", "MEMORY",
      "VERDICT"};

  /** The verdict of a pod known only from the kubelet's checkpoints. */
  static final String PRE_EXISTING = "pre-existing";
  /** What a run without pods shows instead of the table. */
  static final String NO_PODS = "no pods (give --pods FILE|DIR or --scenario FILE to admit some)";

  private final TopologyMap map;

  public SimulationTable(TopologyMap map) {
    this.map = map;
  }

  /** The whole text of one run. */
  public String render(SimulationRun run) {
    StringBuilder out = new StringBuilder();
    out.append("== ").append(run.title()).append(" ==\n");
    out.append("machine:        ").append(run.machine().name()).append('\n');
    out.append("kubelet config: ").append(run.kubeletConfig()).append(" (").append(configSummary(run)).append(")\n");
    run.restored().ifPresent(restored -> {
      out.append("kubelet state:  ").append(restored.directory()).append('\n');
      restored.checkpoints().forEach(file -> out.append("  ").append(file.describe()).append('\n'));
    });
    out.append('\n');
    out.append(run.pods().isEmpty() ? NO_PODS + "\n" : TextTable.render(rows(run)));
    List<String> rejections = new ArrayList<>();
    for (PodOutcome outcome : run.pods()) {
      outcome.admission().failure().ifPresent(failure ->
          rejections.add("  " + ScenarioStep.key(outcome.pod()) + ": " + failure.reason() + ": " + failure.message()));
    }
    if (!rejections.isEmpty()) {
      out.append("\nrejected:\n");
      rejections.forEach(line -> out.append(line).append('\n'));
    }
    out.append("\nnode shared pool after the run: ").append(cpuText(run.nodeSharedPool().toString())).append("\n\n");
    out.append(map.render(run.machine(), SimulationOwners.of(run)));
    return out.toString();
  }

  /** The configuration in one line: CPU policy and reserved CPUs, memory policy, topology policy and scope, gate. */
  static String configSummary(SimulationRun run) {
    NodeConfig config = run.managers().config();
    return "cpu " + config.cpuManagerPolicy()
        + (run.reservedCpus().isEmpty() ? "" : ", reserved CPUs " + run.reservedCpus())
        + ", memory " + config.memoryManagerPolicy()
        + ", topology " + config.topologyManagerPolicy() + " in " + config.topologyManagerScope() + " scope"
        + ", PodLevelResourceManagers " + (config.featureGates().podLevelResourceManagers() ? "on" : "off");
  }

  /** The table: the header, then one row per container, then the pre-existing pods of a kubelet state. */
  static List<String[]> rows(SimulationRun run) {
    List<String[]> rows = new ArrayList<>();
    rows.add(HEADER);
    for (PodOutcome outcome : run.pods()) {
      String verdict = outcome.admission().reason().map(reason -> "rejected: " + reason).orElse("admitted");
      for (ContainerRow row : ContainerRow.of(run, outcome)) {
        rows.add(new String[] {
            ScenarioStep.key(outcome.pod()),
            row.name(),
            ContainerRow.roleName(row.role()),
            row.cpus().map(cpus -> cpuText(cpus.toString())).orElse("-"),
            row.isolation().isPresent() ? (row.exclusive() ? "yes" : "no") : "-",
            row.isolation().map(ContainerRow::isolationName).orElse("-"),
            ContainerRow.memoryText(row.memory()),
            row.removed() ? verdict + ", removed" : verdict});
      }
    }
    run.restored().ifPresent(restored -> restored.preExisting().forEach(pod -> rows.addAll(preExistingRows(pod))));
    return rows;
  }

  /** A pod of the kubelet's checkpoints: its containers with entries, or one row for its pod entries alone. */
  private static List<String[]> preExistingRows(PreExistingPod pod) {
    List<String[]> rows = new ArrayList<>();
    for (PreExistingPod.Container container : pod.containers()) {
      rows.add(new String[] {pod.uid(), container.name(), "-",
          container.cpus().map(cpus -> cpuText(cpus.toString())).orElse("-"), "-", "-",
          ContainerRow.memoryText(container.memory()), PRE_EXISTING});
    }
    if (rows.isEmpty()) {
      rows.add(new String[] {pod.uid(), "-", "-", pod.podCpus().map(cpus -> cpuText(cpus.toString())).orElse("-"),
          "-", "-", ContainerRow.memoryText(pod.podMemory()), PRE_EXISTING});
    }
    return rows;
  }

  static String cpuText(String cpulist) {
    return cpulist.isEmpty() ? "(none)" : cpulist;
  }
}
