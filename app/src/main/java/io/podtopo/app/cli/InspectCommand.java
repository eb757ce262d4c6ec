package io.podtopo.app.cli;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.adapters.grpc.PodResourcesClientException;
import io.podtopo.app.input.MachineArgument;
import io.podtopo.app.report.HtmlReport;
import io.podtopo.app.report.InspectJson;
import io.podtopo.app.report.InspectTable;
import io.podtopo.app.report.InspectedEndpoint;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo inspect}: what a PodResources endpoint reports, pod by pod and container by container. */
@Command(
    name = "inspect",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Show what a PodResources v1 endpoint (a kubelet's, or podtopo's) reports: for every pod its "
            + "pod-level cpu_ids and memory (KEP-5526, pod scope only), every container's cpu_ids and memory "
            + "(exclusive resources only), the pod shared pool derived from them (the pod's cpu_ids minus its "
            + "containers') and the allocatable CPUs and memory. With --machine, also a map of the machine's "
            + "CPUs by owner.",
        "",
        "Only reads: List (or Get with --pod) and GetAllocatableResources.",
        "",
        "Exits 0 when the answers were shown, 2 on bad usage, an endpoint that does not answer or a pod it "
            + "does not know (one line on standard error naming the socket).",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo inspect --socket /var/lib/kubelet/pod-resources/kubelet.sock",
        "      every pod and container the kubelet of this node reports",
        "  ./podtopo inspect --socket /var/lib/kubelet/pod-resources/kubelet.sock --machine / --pod default/web",
        "      one pod (Get), with this node's CPUs mapped by owner",
        "  ./podtopo inspect --socket /run/podtopo.sock --format json",
        "      the same as one JSON document",
        "  ./podtopo inspect --socket /var/lib/kubelet/pod-resources/kubelet.sock --machine / --format html > pods.html",
        "      every pod, this node's CPUs and memory by owner, as one HTML page",
        "",
        "The API and the JSON schema: docs/guide/podresources.md"})
public final class InspectCommand implements Callable<Integer> {

  @PathOption(PathKind.SOCKET)
  @Option(names = "--socket", paramLabel = "PATH", required = true,
      description = "The endpoint's Unix socket, e.g. /var/lib/kubelet/pod-resources/kubelet.sock.")
  Path socket;

  @Option(names = "--pod", paramLabel = "NS/NAME", description = "Only this pod (the Get call).")
  String pod;

  @Option(names = "--machine", paramLabel = "MACHINE", completionCandidates = MachineNames.class,
      description = "The node's machine, for the CPU map: what simulate --machine takes (/ is this node).")
  String machine;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); html is one "
          + "self-contained page (redirect it to a file).")
  ReportFormat format;

  @Spec
  CommandSpec spec;

  private final MachineCatalog catalog;

  @Inject
  public InspectCommand(MachineCatalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public Integer call() {
    Optional<PodReference> onePod = Optional.ofNullable(pod).map(text -> PodReference.parse("--pod", text));
    Optional<Machine> node = Optional.ofNullable(machine).map(argument -> MachineArgument.resolve(argument, catalog));
    InspectedEndpoint endpoint;
    try (PodResourcesClient client = PodResourcesClient.connect(socket)) {
      PodResourcesView pods = onePod.isPresent() ? onePod(client, onePod.get()) : client.list();
      endpoint = new InspectedEndpoint(socket, pods, onePod.isPresent(), client.allocatable(), node);
    } catch (PodResourcesClientException e) {
      throw new UserInputException(e.getMessage());
    }
    node.ifPresent(known -> requireReportedCpusOn(known, endpoint));
    PrintWriter out = spec.commandLine().getOut();
    out.print(switch (format) {
      case json -> InspectJson.render(endpoint);
      case html -> HtmlReport.inspect(endpoint);
      case table -> InspectTable.render(endpoint);
    });
    out.flush();
    return ExitCodes.OK;
  }

  private PodResourcesView onePod(PodResourcesClient client, PodReference reference) {
    PodResources found = client.get(reference.namespace(), reference.name()).orElseThrow(() ->
        new UserInputException("--pod " + reference + ": " + socket + " reports no such pod"));
    return new PodResourcesView.Builder().addPod(found).build();
  }

  private void requireReportedCpusOn(Machine known, InspectedEndpoint endpoint) {
    CpuSet reported = reportedCpus(endpoint.pods(), endpoint.allocatable());
    CpuSet unknown = reported.difference(known.cpuSet());
    if (!unknown.isEmpty()) {
      throw new UserInputException("--machine " + machine + " has CPUs " + known.cpuSet() + ", but " + socket
          + " reports CPUs " + unknown + " too: give the endpoint's own machine (--machine / on its node)");
    }
  }

  private static CpuSet reportedCpus(PodResourcesView pods, AllocatableResources allocatable) {
    CpuSet.Builder cpus = new CpuSet.Builder().addAll(allocatable.cpuIds());
    for (PodResources pod : pods.pods()) {
      cpus.addAll(pod.cpuIds());
      pod.containers().stream().map(ContainerResources::cpuIds).forEach(cpus::addAll);
    }
    return cpus.build();
  }
}
