package io.podtopo.app.cli;

import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.adapters.linux.cgroup.CgroupReadException;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import io.podtopo.adapters.prometheus.MetricsEndpoint;
import io.podtopo.adapters.prometheus.MetricsEndpointException;
import io.podtopo.adapters.prometheus.MetricsRegistry;
import io.podtopo.app.audit.AuditMetricsObserver;
import io.podtopo.app.audit.AuditObserver;
import io.podtopo.app.audit.EndpointAudit;
import io.podtopo.app.input.FieldValidation;
import io.podtopo.app.input.GoDuration;
import io.podtopo.app.input.ListenAddress;
import io.podtopo.app.report.AuditJson;
import io.podtopo.app.report.AuditTable;
import io.podtopo.app.report.AuditedCgroupTree;
import io.podtopo.app.report.AuditedEndpoint;
import io.podtopo.conformance.audit.AuditScope;
import io.podtopo.ports.out.PodResourcesReadException;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo audit}: checks a live PodResources endpoint, once or at an interval. */
@Command(
    name = "audit",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Check what a PodResources v1 endpoint (a kubelet's, or podtopo's) reports against rules that "
            + "hold on every correct node (KEP-5526 and the PodResources API): exclusive CPU sets disjoint, "
            + "containers inside their pod's CPUs and memory, every CPU allocatable, memory within each NUMA "
            + "node's allocatable, pod-level fields empty outside pod scope (with --scope or "
            + "--kubelet-config), and with --cgroup-root the cpusets the node's cgroups really apply.",
        "",
        "Only reads: List and GetAllocatableResources, and the cpuset files at and below --cgroup-root.",
        "",
        "Exits 0 when every rule checked passed, 1 when a rule failed, 2 on bad usage or input or an endpoint "
            + "that does not answer (one line on standard error). With --every it runs until interrupted, "
            + "printing one result per run (an endpoint that does not answer is reported and asked again); "
            + "its exit status then means nothing.",
        ""},
    footer = {
        "",
        "Rules:",
        "  container-cpus-in-pod-cpus, container-cpus-disjoint, pod-cpus-disjoint,",
        "  cpus-allocatable, pod-shared-pool-not-empty, memory-within-allocatable,",
        "  container-memory-in-pod-memory, pod-fields-empty-outside-pod-scope,",
        "  devices-disjoint, cgroup-exclusive-cpus-applied,",
        "  cgroup-pod-shared-pool-applied, cgroup-no-cpu-leak",
        "",
        "Examples:",
        "  ./podtopo audit --socket /var/lib/kubelet/pod-resources/kubelet.sock --kubelet-config /var/lib/kubelet/config.yaml",
        "      check this node's kubelet once, its scope read from its configuration",
        "  ./podtopo audit --socket /var/lib/kubelet/pod-resources/kubelet.sock --scope pod --cgroup-root /kubepods.slice",
        "      also compare with the pods' cgroups (systemd driver; cgroupfs: /kubepods)",
        "  ./podtopo audit --socket /var/lib/kubelet/pod-resources/kubelet.sock --cgroup-fs /host/sys/fs/cgroup --cgroup-root /kubepods.slice",
        "      the same where the node's /sys/fs/cgroup is mounted at /host/sys/fs/cgroup",
        "  ./podtopo audit --socket /var/lib/kubelet/pod-resources/kubelet.sock --every 60s --format json",
        "      one JSON line a minute, until interrupted",
        "",
        "The rules and the JSON schema: docs/guide/podresources.md"})
public final class AuditCommand implements Callable<Integer> {

  @PathOption(PathKind.SOCKET)
  @Option(names = "--socket", paramLabel = "PATH", required = true,
      description = "The endpoint's Unix socket, e.g. /var/lib/kubelet/pod-resources/kubelet.sock.")
  Path socket;

  @ArgGroup(exclusive = false, multiplicity = "0..1")
  CgroupTreeOptions cgroupTree;

  @ArgGroup(exclusive = true, multiplicity = "0..1")
  ScopeSource scopeSource;

  @Mixin
  StrictFields strictFields;

  @Option(names = "--every", paramLabel = "DURATION",
      description = "Run again at this interval (500ms, 60s, 5m, 1h30m) until interrupted.")
  String every;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); json: one object per line.")
  OutputFormat format;

  @Option(names = "--metrics-address", paramLabel = "[HOST:]PORT",
      description = "Serve every run's results as Prometheus metrics at http://HOST:PORT/metrics "
          + "(podtopo_audit_violations{rule}, podtopo_audit_clean, ...), e.g. with --every. A port alone "
          + "listens on 127.0.0.1 only; :PORT on every address.")
  String metricsAddress;

  @Spec
  CommandSpec spec;

  private Set<AuditObserver> observers;
  private boolean tablePrinted;

  @Inject
  public AuditCommand(Set<AuditObserver> observers) {
    this.observers = Set.copyOf(observers);
  }

  private AuditScope auditScope() {
    FieldValidation fields = strictFields.validation();
    try {
      return scopeSource.auditScope(fields);
    } finally {
      StrictFields.print(fields, spec.commandLine().getErr());
    }
  }

  @Override
  public Integer call() {
    Optional<Duration> interval = Optional.ofNullable(every).map(text -> GoDuration.parse("--every", text));
    AuditScope scope = scopeSource == null ? AuditScope.unknown() : auditScope();
    Optional<AuditedCgroupTree> cgroups = Optional.ofNullable(cgroupTree)
        .map(options -> options.tree(CpusetHierarchy.SELF_MOUNTINFO));
    Optional<InetSocketAddress> metricsAt = Optional.ofNullable(metricsAddress)
        .map(text -> ListenAddress.parse("--metrics-address", text));
    MetricsRegistry metrics = MetricsRegistry.create();
    try (MetricsEndpoint endpoint = metricsAt.map(metrics::serve).orElse(null);
        PodResourcesClient client = PodResourcesClient.connect(socket)) {
      if (endpoint != null) {
        observers = Stream.concat(observers.stream(), Stream.of(new AuditMetricsObserver(metrics.auditMetrics())))
            .collect(Collectors.toUnmodifiableSet());
      }
      EndpointAudit audit = new EndpointAudit(client, socket, scope, cgroups);
      return interval.isPresent() ? repeat(audit, interval.get()) : once(audit);
    } catch (MetricsEndpointException e) {
      throw new UserInputException("--metrics-address: " + e.getMessage());
    }
  }

  private int once(EndpointAudit audit) {
    try {
      return report(run(audit));
    } catch (PodResourcesReadException e) {
      unreachable(e);
      throw new UserInputException(e.getMessage());
    }
  }

  /**
   * Runs every {@code interval}, from the start of one run to the next, until the thread is
   * interrupted; an endpoint that does not answer is reported and asked again next time.
   */
  private int repeat(EndpointAudit audit, Duration interval) {
    int status = ExitCodes.OK;
    while (true) {
      long start = System.nanoTime();
      try {
        status = report(run(audit));
      } catch (PodResourcesReadException e) {
        if (Thread.currentThread().isInterrupted()) {
          return status;
        }
        status = reportUnreachable(e);
      } catch (UserInputException e) {
        if (Thread.currentThread().isInterrupted()) {
          return status;
        }
        throw e;
      }
      try {
        TimeUnit.NANOSECONDS.sleep(Math.max(0, interval.toNanos() - (System.nanoTime() - start)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return status;
      }
    }
  }

  /** One run; a cgroup tree that cannot be read is bad input. */
  private AuditedEndpoint run(EndpointAudit audit) {
    try {
      return audit.run();
    } catch (CgroupReadException e) {
      throw new UserInputException("--cgroup-root: " + e.getMessage());
    }
  }

  /** Tells the observers, prints the run (tables a blank line apart), and gives its exit status. */
  private int report(AuditedEndpoint run) {
    observers.forEach(observer -> observer.runFinished(run.result(), Instant.now()));
    String text = format == OutputFormat.json ? AuditJson.line(run) : (tablePrinted ? "\n" : "") + AuditTable.render(run);
    tablePrinted = format == OutputFormat.table;
    print(text, spec.commandLine().getOut());
    return run.result().failed() ? ExitCodes.FAILURES : ExitCodes.OK;
  }

  /** Tells the observers and prints that a run could not ask the endpoint (JSON: a line with its error). */
  private int reportUnreachable(PodResourcesReadException failure) {
    unreachable(failure);
    if (format == OutputFormat.json) {
      print(AuditJson.unreachable(socket, failure.getMessage()), spec.commandLine().getOut());
    } else {
      print(spec.qualifiedName() + ": error: " + failure.getMessage() + "\n", spec.commandLine().getErr());
    }
    return ExitCodes.USAGE;
  }

  private void unreachable(PodResourcesReadException failure) {
    observers.forEach(observer -> observer.endpointUnreachable(failure.getMessage(), Instant.now()));
  }

  private static void print(String text, PrintWriter writer) {
    writer.print(text);
    writer.flush();
  }
}
