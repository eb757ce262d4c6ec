package io.podtopo.app.report;

import io.podtopo.app.input.PodKey;
import io.podtopo.app.simulate.NodeNotices;
import io.podtopo.app.simulate.PodOutcome;
import io.podtopo.app.simulate.PreExistingPod;
import io.podtopo.app.simulate.SimulatedStep;
import io.podtopo.app.simulate.SimulationRun;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.RejectionExplainer;
import java.util.ArrayList;
import java.util.List;

/**
 * A simulation for people: the configuration in one line, one table row per container (pod,
 * container, role, cpus, exclusive, isolation, memory, on a machine with devices the devices it
 * holds, verdict), the pod shared pools (each pool's
 * CPUs and memory once, with the containers sharing it: their rows say {@value #POOL} for memory),
 * the rejection messages, the node shared pool after the run, and the {@link TopologyMap} of the
 * final state.
 */
public final class SimulationTable {

  private static final String[] HEADER = {"POD", "CONTAINER", "ROLE", "CPUS", "EXCLUSIVE", "ISOLATION", "MEMORY",
      "VERDICT"};

  /** The verdict of a pod known only from the kubelet's checkpoints. */
  static final String PRE_EXISTING = "pre-existing";
  /** What a run without pods shows instead of the table. */
  static final String NO_PODS = "no pods (give --pods FILE|DIR or --scenario FILE to admit some)";

  /** The memory of a container on its pod's shared pool: the pool's, shown once below the table. */
  static final String POOL = "pod pool";

  private final TopologyMap map;
  private final boolean steps;

  /** Tables with {@code map}; {@code steps}: with a line per step (for scenarios), before the final state. */
  public SimulationTable(TopologyMap map, boolean steps) {
    this.map = map;
    this.steps = steps;
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
    NodeNotices.of(run.managers()).forEach(notice -> out.append("notice:         ").append(notice).append('\n'));
    out.append('\n');
    if (steps && !run.steps().isEmpty()) {
      out.append("steps:\n").append(TextTable.render(stepRows(run)).indent(2)).append("\nafter the last step:\n");
    }
    out.append(run.pods().isEmpty() ? NO_PODS + "\n" : TextTable.render(rows(run)));
    List<String[]> pools = podSharedPools(run);
    if (pools.size() > 1) {
      out.append("\npod shared pools (each container on one shares its CPUs and memory):\n")
          .append(TextTable.render(pools).indent(2));
    }
    List<String> rejections = new ArrayList<>();
    RejectionExplainer explainer = new RejectionExplainer(run.managers());
    for (PodOutcome outcome : run.pods()) {
      outcome.admission().failure().ifPresent(failure -> {
        rejections.add("  " + PodKey.of(outcome.pod()) + ": "
            + (outcome.admission().noAnswer().isPresent() ? QuirkText.NO_ANSWER : failure.reason()) + ": "
            + failure.message());
        explainer.explain(outcome.pod(), outcome.admission()).ifPresent(cause -> {
          cause.causes().forEach(line -> rejections.add("    why: " + line));
          cause.fixes().forEach(line -> rejections.add("    fix: " + line));
        });
      });
    }
    if (!rejections.isEmpty()) {
      out.append("\nrejected:\n");
      rejections.forEach(line -> out.append(line).append('\n'));
    }
    List<String> quirks = quirkLines(run);
    if (!quirks.isEmpty()) {
      out.append('\n').append(QuirkText.heading(run.managers().config().behaviour())).append('\n');
      quirks.forEach(line -> out.append(line).append('\n'));
    }
    out.append("\nnode shared pool after the run: ").append(cpuText(run.nodeSharedPool().toString())).append("\n\n");
    out.append(map.render(run.machine(), SimulationOwners.of(run), SimulationOwners.devices(run)));
    return out.toString();
  }

  /**
   * The configuration in one line: CPU policy and reserved CPUs, memory policy, topology policy and
   * scope, gate, behaviour (ADR 0008).
   */
  static String configSummary(SimulationRun run) {
    NodeConfig config = run.managers().config();
    return "cpu " + config.cpuManagerPolicy()
        + (run.reservedCpus().isEmpty() ? "" : ", reserved CPUs " + run.reservedCpus())
        + ", memory " + config.memoryManagerPolicy()
        + ", topology " + config.topologyManagerPolicy() + " in " + config.topologyManagerScope() + " scope"
        + ", PodLevelResourceManagers " + (config.featureGates().podLevelResourceManagers() ? "on" : "off")
        + ", behaviour " + QuirkText.behaviour(config.behaviour());
  }

  /** One line per quirk that changed a pod's decision: {@code   default/web: Q-lone-sibling (D-21): ...}. */
  static List<String> quirkLines(SimulationRun run) {
    List<String> lines = new ArrayList<>();
    for (PodOutcome outcome : run.pods()) {
      outcome.admission().quirks().forEach(quirk -> lines.add("  " + PodKey.of(outcome.pod()) + ": "
          + QuirkText.line(quirk, outcome.admission().behaviour())));
    }
    return lines;
  }

  /** The table: the header, then one row per container, then the pre-existing pods of a kubelet state. */
  static List<String[]> rows(SimulationRun run) {
    boolean devices = !run.managers().deviceManager().hasNoDevices();
    List<String[]> rows = new ArrayList<>();
    rows.add(withDevices(HEADER, devices, "DEVICES"));
    for (PodOutcome outcome : run.pods()) {
      String verdict = QuirkText.verdict(outcome.admission());
      for (ContainerRow row : ContainerRow.of(run, outcome)) {
        rows.add(withDevices(new String[] {
            PodKey.of(outcome.pod()),
            row.name(),
            ContainerRow.roleName(row.role()),
            row.cpus().map(cpus -> cpuText(cpus.toString())).orElse("-"),
            row.isolation().isPresent() ? (row.exclusive() ? "yes" : "no") : "-",
            row.isolation().map(ContainerRow::isolationName).orElse("-"),
            row.onPodSharedPool() ? POOL : ContainerRow.memoryText(row.memory()),
            row.removed() ? verdict + ", removed" : verdict}, devices, ContainerRow.devicesText(row.devices())));
      }
    }
    run.restored().ifPresent(restored -> restored.preExisting()
        .forEach(pod -> preExistingRows(pod).forEach(row -> rows.add(withDevices(row, devices, "-")))));
    return rows;
  }

  /** The row with {@code cell} before its last column (the verdict) on a machine with devices. */
  private static String[] withDevices(String[] row, boolean devices, String cell) {
    if (!devices) {
      return row;
    }
    String[] wider = java.util.Arrays.copyOf(row, row.length + 1);
    wider[row.length] = row[row.length - 1];
    wider[row.length - 1] = cell;
    return wider;
  }

  /** A header and one row per step: what it did, and the node shared pool after it. */
  static List<String[]> stepRows(SimulationRun run) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"STEP", "ACTION", "POD", "CONTAINER", "RESULT", "NODE SHARED POOL"});
    for (SimulatedStep step : run.steps()) {
      String result = step.admission()
          .map(admission -> admission.admitted()
              ? "admitted" + step.admittedCpus().filter(cpus -> !cpus.isEmpty()).map(cpus -> ", CPUs " + cpus).orElse("")
              : QuirkText.verdict(admission))
          .orElse("removed");
      rows.add(new String[] {Integer.toString(step.number()), step.action(), step.pod(), step.container().orElse("-"),
          result, cpuText(run.nodeSharedPool(step.after()).toString())});
    }
    return rows;
  }

  /** A header and one row per admitted pod, not removed since, with containers on its shared pool: its CPUs, memory and containers. */
  private static List<String[]> podSharedPools(SimulationRun run) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"POD", "CPUS", "MEMORY", "CONTAINERS"});
    for (PodOutcome outcome : run.pods()) {
      if (outcome.removed()) {
        continue; // its pool went with it
      }
      List<ContainerRow> pool = ContainerRow.of(run, outcome).stream().filter(ContainerRow::onPodSharedPool).toList();
      if (!pool.isEmpty()) {
        rows.add(new String[] {PodKey.of(outcome.pod()),
            pool.get(0).cpus().map(cpus -> cpuText(cpus.toString())).orElse("-"),
            ContainerRow.memoryText(pool.get(0).memory()),
            String.join(", ", pool.stream().map(ContainerRow::name).toList())});
      }
    }
    return rows;
  }

  /** A pod of the kubelet's checkpoints: its containers with entries, or one row for its pod entries alone. */
  private static List<String[]> preExistingRows(PreExistingPod pod) {
    List<String[]> rows = new ArrayList<>();
    for (PreExistingPod.Container container : pod.containers()) {
      rows.add(new String[] {pod.name(), container.name(), "-",
          container.cpus().map(cpus -> cpuText(cpus.toString())).orElse("-"), "-", "-",
          ContainerRow.memoryText(container.memory()), PRE_EXISTING});
    }
    if (rows.isEmpty()) {
      rows.add(new String[] {pod.name(), "-", "-", pod.podCpus().map(cpus -> cpuText(cpus.toString())).orElse("-"),
          "-", "-", ContainerRow.memoryText(pod.podMemory()), PRE_EXISTING});
    }
    return rows;
  }

  static String cpuText(String cpulist) {
    return cpulist.isEmpty() ? "(none)" : cpulist;
  }
}
