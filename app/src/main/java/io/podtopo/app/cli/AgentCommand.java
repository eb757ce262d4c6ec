package io.podtopo.app.cli;

import io.podtopo.domain.quirks.KubeletRelease;
import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.adapters.grpc.RateLimit;
import io.podtopo.adapters.grpc.SocketPathException;
import io.podtopo.adapters.linux.cgroup.CgroupDriver;
import io.podtopo.adapters.linux.cgroup.CgroupSetupException;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import io.podtopo.adapters.linux.sysfs.SysfsException;
import io.podtopo.adapters.prometheus.MetricsEndpointException;
import io.podtopo.app.AgentComponent;
import io.podtopo.app.LinuxNode;
import io.podtopo.app.agent.Agent;
import io.podtopo.app.agent.AgentOptions;
import io.podtopo.app.agent.DecisionLog;
import io.podtopo.app.agent.PodsFolder;
import io.podtopo.app.input.BuiltInKubeletConfig;
import io.podtopo.app.input.FieldValidation;
import io.podtopo.app.input.GoDuration;
import io.podtopo.app.input.KubeletConfigFile;
import io.podtopo.app.input.ListenAddress;
import io.podtopo.app.input.MachineArgument;
import io.podtopo.app.input.NodeSettings;
import io.podtopo.domain.node.InvalidNodeConfigException;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.out.CpusetWriteException;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo agent}: runs a node's resource managers over a folder of pod manifests, until stopped. */
@Command(
    name = "agent",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Run this node's resource managers as the kubelet would, for the pods of a folder of manifests, and "
            + "serve what they allocated over the kubelet's PodResources v1 API.",
        "",
        "The folder is watched like the kubelet's static pod folder (staticPodPath): a new manifest is "
            + "admitted, a removed one released, a changed one released and admitted again. Every decision is "
            + "one JSON line on standard output (admitted, rejected with the kubelet's reason and message, "
            + "removed, invalid-manifest, ...). Every change is saved in --state-dir before any cgroup is "
            + "written; a restarted agent restores it, writes every cpuset again and allocates nothing twice "
            + "(a pod it restored is not admitted again).",
        "",
        "Admissions are " + KubeletRelease.NAME_WITH_RANGE + "'s, its quirks included (e.g. half cores under full-pcpus-only), or, "
            + "with --behaviour spec, the corrected ones; an admission a quirk changed names it in its log "
            + "line (\"quirks\"), and one the kubelet would never finish is logged as such (\"no-answer\").",
        "",
        "Runs until SIGINT or SIGTERM, then closes the socket and exits. Exits 2 at once when the machine, "
            + "the kubelet configuration, the saved state, the cgroup root or the socket path cannot be used.",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo agent --pods-dir /etc/podtopo/pods --state-dir /var/lib/podtopo --socket /var/lib/podtopo/pod-resources.sock",
        "      this node's sysfs and the built-in kubelet configuration; PodResources",
        "      on a socket",
        "  ./podtopo agent --kubelet-config /var/lib/kubelet/config.yaml --pods-dir pods/ --state-dir state/ --cgroup-root /podtopo --socket /run/podtopo.sock --metrics-address 127.0.0.1:9464",
        "      pin containers below the cgroup /podtopo of the cpuset hierarchy and",
        "      serve metrics too",
        "  ./podtopo agent --machine demo-2s --pods-dir examples/pods/pod-scope --state-dir /tmp/agent --socket /tmp/agent.sock",
        "      a catalog machine: decisions served, nothing pinned (no --cgroup-root)",
        "  ./podtopo agent --machine demo-2s --pods-dir examples/pods/pod-scope --state-dir /tmp/agent --behaviour spec",
        "      " + KubeletRelease.NAME + "'s quirks corrected (docs/adr/0008-kubelet-quirks.md)",
        "",
        "Guide: docs/guide/agent.md"})
public final class AgentCommand implements Callable<Integer> {

  @Option(names = "--machine", paramLabel = "MACHINE", defaultValue = "/",
      completionCandidates = MachineNames.class,
      description = "What simulate --machine takes: a sysfs root (default: / for this node), a sysfs archive, a "
          + "machine JSON file, a catalog name or a shape.")
  String machine;

  @PathOption(PathKind.FILE)
  @Option(names = "--kubelet-config", paramLabel = "FILE",
      description = "The node's KubeletConfiguration YAML (default: the built-in one fitted to the machine).")
  Path kubeletConfig;

  @PathOption(PathKind.FOLDER)
  @Option(names = "--pods-dir", paramLabel = "DIR", required = true,
      description = "The folder of pod manifests to run (every file not starting with '.'; YAML or JSON).")
  Path podsDir;

  @PathOption(PathKind.FOLDER_TO_WRITE)
  @Option(names = "--state-dir", paramLabel = "DIR", required = true,
      description = "The folder of the node's durable state (created when missing).")
  Path stateDir;

  @Option(names = "--cgroup-root", paramLabel = "CGROUP",
      description = "Pin containers below this existing cgroup of the cpuset hierarchy (the one /proc/self/mountinfo "
          + "shows), named as the kubelet's --cgroup-root (e.g. /kubepods); a released pod's cgroups are removed. "
          + "Without it nothing is pinned: decisions are saved and served only.")
  String cgroupRoot;

  @Option(names = "--cgroup-driver", paramLabel = "DRIVER", defaultValue = "cgroupfs",
      completionCandidates = CgroupDriverNames.class,
      description = "How pod cgroups are named: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  String cgroupDriver;

  @PathOption(PathKind.SOCKET_TO_SERVE)
  @Option(names = "--socket", paramLabel = "PATH",
      description = "Serve PodResources v1 on this Unix socket (mode 0660; a stale socket is replaced).")
  Path socket;

  @Option(names = "--rate-limit", paramLabel = "QPS[,BURST]", defaultValue = "100,10",
      description = "The PodResources endpoint's token bucket, as the kubelet's (default: ${DEFAULT-VALUE}).")
  String rateLimit;

  @Option(names = "--metrics-address", paramLabel = "[HOST:]PORT",
      description = "Serve Prometheus metrics at http://HOST:PORT/metrics. A port alone listens on 127.0.0.1 "
          + "only; :PORT on every address. Without it the agent opens no TCP port.")
  String metricsAddress;

  @Option(names = "--scan-interval", paramLabel = "DURATION", defaultValue = "1s",
      description = "How often the pods folder is read (default: ${DEFAULT-VALUE}).")
  String scanInterval;

  @Mixin
  StrictFields strictFields;

  @Mixin
  BehaviourOption behaviourOption;

  @Spec
  CommandSpec spec;

  private final MachineCatalog catalog;
  private final AgentComponent.Factory agents;

  @Inject
  public AgentCommand(MachineCatalog catalog, AgentComponent.Factory agents) {
    this.catalog = catalog;
    this.agents = agents;
  }

  @Override
  public Integer call() throws InterruptedException {
    Machine node = MachineArgument.resolve(machine, catalog);
    FieldValidation fields = strictFields.validation();
    NodeSettings settings;
    try {
      settings = (kubeletConfig == null ? BuiltInKubeletConfig.fittedTo(node)
          : KubeletConfigFile.read(kubeletConfig, fields)).withBehaviour(behaviourOption.behaviour());
    } finally {
      StrictFields.print(fields, spec.commandLine().getErr());
    }
    AgentOptions options = new AgentOptions(new PodsFolder(podsDir, hostName(), strictFields.strict,
            settings.featureGates()),
        GoDuration.parse("--scan-interval", scanInterval), Optional.ofNullable(socket), rateLimit(),
        Optional.ofNullable(metricsAddress).map(text -> ListenAddress.parse("--metrics-address", text)));
    LinuxNode linuxNode = new LinuxNode(CatalogMachineSource.of(node), stateDir, Optional.ofNullable(cgroupRoot),
        CpusetHierarchy.SELF_MOUNTINFO, driver());
    PrintWriter out = spec.commandLine().getOut();
    Agent agent;
    try {
      agent = agents.create(settings, linuxNode, options, new DecisionLog(out, Clock.systemUTC())).agent();
      agent.start();
    } catch (SysfsException | CgroupSetupException | CpusetWriteException | SocketPathException
        | MetricsEndpointException | IllegalArgumentException e) {
      throw new UserInputException(e.getMessage());
    } catch (InvalidNodeConfigException e) {
      // The managers refuse to start with these settings (NA-1): bad input, in simulate's words.
      throw new UserInputException(settings.source() + ": " + e.getMessage());
    }
    Thread shutdown = new Thread(() -> stopAndClose(agent), "podtopo-agent-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdown);
    agent.run();
    return ExitCodes.OK;
  }

  private static void stopAndClose(Agent agent) {
    agent.stop();
    try {
      agent.awaitRunEnded(Duration.ofSeconds(10).toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    agent.close();
  }

  private CgroupDriver driver() {
    try {
      return CgroupDriver.valueOf(cgroupDriver.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new UserInputException("--cgroup-driver " + cgroupDriver + ": expected "
          + String.join(" or ", new CgroupDriverNames()));
    }
  }

  private RateLimit rateLimit() {
    String[] parts = rateLimit.split(",", -1);
    try {
      if (parts.length > 2) {
        throw new NumberFormatException();
      }
      return new RateLimit(Double.parseDouble(parts[0]), parts.length == 2 ? Integer.parseInt(parts[1]) : 10);
    } catch (NumberFormatException e) {
      throw new UserInputException("--rate-limit " + rateLimit + ": expected QPS[,BURST] such as 100,10");
    } catch (IllegalArgumentException e) {
      throw new UserInputException("--rate-limit " + rateLimit + ": " + e.getMessage());
    }
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
