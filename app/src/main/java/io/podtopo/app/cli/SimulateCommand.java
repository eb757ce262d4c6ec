package io.podtopo.app.cli;

import io.podtopo.domain.quirks.KubeletRelease;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.app.input.BuiltInKubeletConfig;
import io.podtopo.app.input.FieldValidation;
import io.podtopo.app.input.KubeletConfigFile;
import io.podtopo.app.input.MachineArgument;
import io.podtopo.app.input.NodeConfigs;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.app.input.PodManifests;
import io.podtopo.app.input.ScenarioFile;
import io.podtopo.app.input.PodKey;
import io.podtopo.app.input.ScenarioScript;
import io.podtopo.app.report.HtmlReport;
import io.podtopo.app.report.SimulationExplain;
import io.podtopo.app.report.SimulationJson;
import io.podtopo.app.report.SimulationTable;
import io.podtopo.app.report.TopologyMap;
import io.podtopo.app.simulate.KepExamples;
import io.podtopo.app.simulate.KubeletStateStart;
import io.podtopo.app.simulate.Simulation;
import io.podtopo.app.simulate.SimulationRun;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.Simulator;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo simulate}: admits pods on a machine under a kubelet configuration and shows the result. */
@Command(
    name = "simulate",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Admit pods on a machine under a kubelet configuration, as the kubelet's Topology Manager, CPU "
            + "Manager (static) and Memory Manager (Static) would, and show what every container gets.",
        "",
        "Without arguments: the KEP-5526 examples on the built-in machine demo-2s, once in pod scope "
            + "and once in container scope. Otherwise the pods of --pods are admitted in the order given "
            + "(folders: files in name order), or the steps of --scenario are run. The table lists one "
            + "row per container, then the rejections, the node shared pool after the run and a map of "
            + "the machine's CPUs by owner.",
        "",
        "Decisions are " + KubeletRelease.NAME_WITH_RANGE + "'s, its quirks included, unless --behaviour spec asks for the corrected "
            + "ones; a quirk that changed a decision is named beside it (docs/adr/0008-kubelet-quirks.md).",
        "",
        "Exits 0 when the simulation ran (rejected pods are a result, not an error; with --fail-on-rejection "
            + "1 when a pod was rejected, for CI pipelines), 2 on bad usage or input (nothing is printed on "
            + "standard output then).",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo simulate",
        "      the KEP-5526 examples in pod scope and in container scope",
        "  ./podtopo simulate --machine epyc-9654-2s-nps4 --kubelet-config examples/kubelet/pod-scope.yaml --pods examples/pods/pod-scope --explain",
        "      the pod-scope examples on a 384-CPU machine, every hint and partition step",
        "  ./podtopo simulate --machine gpu-2s --kubelet-config examples/gpu-inference/kubelet-pod-scope.yaml --pods examples/gpu-inference/pods",
        "      GPU inference pods: CPUs, memory, GPU and NIC on one NUMA node (devices)",
        "  ./podtopo simulate --machine / --kubelet-config /var/lib/kubelet/config.yaml --pods pod.yaml",
        "      where the pod would land on this node, under its own kubelet configuration",
        "  ./podtopo simulate --machine 2s4n8c2t,mem=64Gi --pods web.yaml db.yaml --format json",
        "      two manifests on a synthetic machine (built-in kubelet config), as JSON",
        "  ./podtopo simulate --kubelet-config examples/kubelet/pod-scope.yaml --kubelet-state examples/kubelet-state --pods examples/pods/pod-scope/02-mixed.yaml",
        "      where the pod lands on a node already running what its checkpoints hold",
        "  ./podtopo simulate --machine machine.json --kubelet-config kubelet.yaml --pods pods/ --scenario steps.yaml",
        "      admissions and removals scripted in a scenario file",
        "  ./podtopo simulate --format html > report.html",
        "      the KEP-5526 examples as one HTML page, CPUs and memory by owner",
        "  ./podtopo simulate --kubelet-config examples/kubelet/pod-scope.yaml --kubelet-state examples/kubelet-state --pods examples/kubelet-state/analytics.yaml",
        "      a running pod admitted again after a restart: " + KubeletRelease.NAME + " refuses it",
        "      (quirk Q-cpu-restart-reallocates); --behaviour spec keeps it where it is",
        "",
        "Formats, scenario files and the JSON schema: docs/guide/simulate.md"})
public final class SimulateCommand implements Callable<Integer> {

  @Option(names = "--machine", paramLabel = "MACHINE", completionCandidates = MachineNames.class,
      description = "A catalog name (e.g. demo-2s, epyc-9654-2s-nps4), a shape (e.g. 2s4n8c2t,mem=64Gi), a "
          + "machine JSON file, a sysfs root (/ for this node, or a copy of another node's) or a sysfs archive "
          + "(.tar.bz2, .tar.gz, .tgz) (default: " + MachineCatalog.DEFAULT_MACHINE + ").")
  String machine;

  @PathOption(PathKind.FILE)
  @Option(names = "--kubelet-config", paramLabel = "FILE",
      description = "A KubeletConfiguration YAML file (default: the built-in one: static CPU policy with the "
          + "first core reserved (0,16 on demo-2s), Static memory policy with 2Gi reserved on the first NUMA "
          + "nodes, restricted Topology Manager in pod scope, KEP-5526 gates on).")
  Path kubeletConfig;

  @PathOption(PathKind.FILE_FOLDER_OR_STANDARD_INPUT)
  @Option(names = "--pods", paramLabel = "FILE|DIR", arity = "1..*",
      description = "Pod manifests (single, multi-document or List) or folders of them, admitted in the order "
          + "given; - reads standard input (kubectl get pods -o yaml | podtopo simulate --pods -).")
  List<Path> pods = new ArrayList<>();

  @PathOption(PathKind.FILE)
  @Option(names = "--scenario", paramLabel = "FILE",
      description = "A YAML list of steps run instead: '- admit: FILE|namespace/name', '- remove: namespace/name', "
          + "'- remove: {pod: namespace/name, container: NAME}'.")
  Path scenario;

  @PathOption(PathKind.FOLDER)
  @Option(names = "--kubelet-state", paramLabel = "DIR",
      description = "A kubelet state folder (e.g. a copy of /var/lib/kubelet) holding cpu_manager_state and/or "
          + "memory_manager_state: the simulation starts from the state they hold, read and validated as the kubelet "
          + "does at start-up; its pods are listed as pre-existing. An absent file is an empty manager.")
  Path kubeletState;

  @Option(names = "--explain", description = "Show every provider's hints, the merged hint and each allocation "
      + "and partition step per pod.")
  boolean explain;

  @Option(names = "--explain-hints", paramLabel = "HOW", defaultValue = "summary",
      description = "With --explain: summary (default) sums up a resource's hints when there are more than 16 "
          + "(machines of many NUMA nodes have up to 2^N-1 masks: how many, the preferred ones by width, the "
          + "narrowest few); full lists every hint.")
  ExplainHints explainHints;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); html is one "
          + "self-contained page (redirect it to a file).")
  ReportFormat format;

  @Option(names = "--color", description = "Colour the topology map with ANSI escapes.")
  boolean color;

  @Option(names = "--fail-on-rejection",
      description = "Exit 1 when a pod was rejected (after printing everything), so that a CI pipeline fails on it.")
  boolean failOnRejection;

  @Mixin
  StrictFields strictFields;

  @Mixin
  BehaviourOption behaviourOption;

  @Spec
  CommandSpec spec;

  private final MachineCatalog catalog;
  private final Simulation simulation;

  /** The command over the machine {@code catalog}, running scenarios through the {@code simulator} use case. */
  @Inject
  public SimulateCommand(MachineCatalog catalog, Simulator simulator) {
    this.catalog = catalog;
    this.simulation = new Simulation(simulator);
  }

  @Override
  public Integer call() {
    PodManifests.prepareInBackground();
    FieldValidation fields = strictFields.validation();
    List<SimulationRun> runs;
    try {
      runs = runsAsked(fields);
    } finally {
      StrictFields.print(fields, spec.commandLine().getErr());
    }
    String text = switch (format) {
      case json -> SimulationJson.render(runs, explain, fullHints());
      case html -> HtmlReport.simulation(runs, explain, fullHints());
      case table -> table(runs);
    };
    PrintWriter out = spec.commandLine().getOut();
    out.print(text);
    out.flush();
    return failOnRejection && runs.stream().anyMatch(SimulateCommand::rejectsAPod) ? ExitCodes.FAILURES : ExitCodes.OK;
  }

  /** Whether a pod of the run, or an admission step of its scenario, was rejected. */
  private static boolean rejectsAPod(SimulationRun run) {
    return run.pods().stream().anyMatch(pod -> !pod.admission().admitted())
        || run.steps().stream().anyMatch(step -> step.admission().filter(admission -> !admission.admitted()).isPresent());
  }

  private Simulator.StepProgress progress(ScenarioScript script) {
    return TerminalProgress.on(spec.commandLine().getErr(), script.podNames());
  }

  private boolean fullHints() {
    return explainHints == ExplainHints.full;
  }

  private List<SimulationRun> runsAsked(FieldValidation fields) {
    Behaviour behaviour = behaviourOption.behaviour();
    if (machine == null && kubeletConfig == null && pods.isEmpty() && scenario == null && kubeletState == null) {
      return KepExamples.runs(simulation, catalog, behaviour);
    }
    Machine node = MachineArgument.resolve(machine == null ? MachineCatalog.DEFAULT_MACHINE : machine, catalog);
    NodeSettings settings = (kubeletConfig == null ? BuiltInKubeletConfig.fittedTo(node)
        : KubeletConfigFile.read(kubeletConfig, fields)).withBehaviour(behaviour);
    NodeResourceManagers managers = NodeConfigs.managers(settings, node);
    PodRoute route = PodRoute.apiServer(settings.featureGates());
    List<Pod> given = uniquePods(PodManifests.read(pods, fields, route));
    ScenarioScript script = scenario == null ? ScenarioScript.admitting(given)
        : ScenarioFile.read(scenario, given, fields, route);
    String title = scenario != null ? "scenario " + scenario
        : script.steps().isEmpty() ? "the node before any admission" : "simulation";
    if (kubeletState == null) {
      return List.of(simulation.run(title, settings.source(), managers, script, progress(script)));
    }
    KubeletStateStart start = KubeletStateStart.read(kubeletState, managers);
    return List.of(simulation.run(title, settings.source(), managers, start, kubeletState.toString(), given, script,
        progress(script)));
  }

  private static List<Pod> uniquePods(List<Pod> pods) {
    Map<String, Pod> byKey = new LinkedHashMap<>();
    for (Pod pod : pods) {
      if (byKey.put(PodKey.of(pod), pod) != null) {
        throw new UserInputException("--pods: pod " + PodKey.of(pod) + " is given twice");
      }
    }
    return pods;
  }

  private String table(List<SimulationRun> runs) {
    SimulationTable table = new SimulationTable(color ? TopologyMap.coloured() : TopologyMap.plain(), scenario != null);
    StringBuilder out = new StringBuilder();
    for (SimulationRun run : runs) {
      if (out.length() > 0) {
        out.append('\n');
      }
      out.append(table.render(run));
      if (explain) {
        out.append('\n').append(SimulationExplain.render(run.pods(), fullHints()));
      }
    }
    return out.toString();
  }
}
