package io.podtopo.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.adapters.linux.sysfs.DeviceMapping;
import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import io.podtopo.app.input.MachineArgument;
import io.podtopo.app.report.HtmlReport;
import io.podtopo.app.report.TopologyMap;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo topology}: shows a machine as the node resource managers see it. */
@Command(
    name = "topology",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Show a machine as the kubelet's resource managers see it: sockets, NUMA nodes with their memory "
            + "and hugepage pools, L3 (uncore) caches, cores and their CPUs, the NUMA distances, and the "
            + "devices device plugins would advertise on each NUMA node (GPUs, NICs: the PCI functions of a "
            + "sysfs tree that the device mapping names).",
        "",
        "Without --machine: this node, read from its own sysfs (/sys/devices/system/cpu and "
            + "/sys/devices/system/node). The JSON form is the schema of fixtures/sysfs/*.expected.json "
            + "(what hwloc's lstopo reports, in podtopo's terms), so it can be saved and given back to "
            + "--machine of any command.",
        "",
        "Exits 0 when the machine was shown, 2 on bad usage or a machine that cannot be read (one line "
            + "on standard error naming the file at fault).",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo topology",
        "      this node's CPUs, NUMA nodes, memory, hugepages and distances",
        "  ./podtopo topology --format json > node.json",
        "      the same as JSON, for --machine node.json elsewhere",
        "  ./podtopo topology --machine fixtures/sysfs/64amd64-4s2n4ca2co.tar.bz2",
        "      a real machine's sysfs captured in an archive (tar.bz2, tar.gz or tgz)",
        "  ./podtopo topology --machine /mnt/node7-root",
        "      a copy of another node's sysfs root (holding sys/devices/system/...)",
        "  ./podtopo topology --machine epyc-9654-2s-nps4",
        "      a catalog machine (docs/guide/machines.md); shapes such as 2s4n8c2t too",
        "  ./podtopo topology --device-mapping my-devices.conf",
        "      this node with the PCI devices named as your device plugins name them",
        "  ./podtopo topology --machine epyc-9654-2s-nps4 --format html > machine.html",
        "      the same as one self-contained HTML page, an SVG picture of the machine",
        "",
        "Machines, shapes, sysfs sources: docs/guide/machines.md, docs/guide/real-node.md"})
public final class TopologyCommand implements Callable<Integer> {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @Option(names = "--machine", paramLabel = "MACHINE", completionCandidates = MachineNames.class,
      description = "A sysfs root or a copy of one (a folder), a sysfs archive (.tar.bz2, .tar.gz, .tgz), a "
          + "machine JSON file, a catalog name or a shape (default: this node, from /).")
  String machine;

  @PathOption(PathKind.FILE)
  @Option(names = "--device-mapping", paramLabel = "FILE",
      description = "Which PCI functions of a sysfs tree are devices, under which resource names: lines of "
          + "VENDOR DEVICE CLASS RESOURCE (default: the bundled mapping of common GPUs and NICs; "
          + "docs/guide/real-node.md).")
  Path deviceMapping;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}); html is one "
          + "self-contained page (redirect it to a file).")
  ReportFormat format;

  @Spec
  CommandSpec spec;

  private final MachineCatalog catalog;

  @Inject
  public TopologyCommand(MachineCatalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public Integer call() {
    DeviceMapping mapping = deviceMapping == null ? DeviceMapping.defaults() : MachineArgument.deviceMapping(deviceMapping);
    SysfsTopology topology = machine == null ? MachineArgument.host(mapping)
        : MachineArgument.topology(machine, catalog, mapping);
    String text = switch (format) {
      case json -> json(topology);
      case html -> HtmlReport.topology(topology.toMachine());
      case table -> TopologyMap.plain().render(topology.toMachine());
    };
    PrintWriter out = spec.commandLine().getOut();
    out.print(text);
    out.flush();
    return ExitCodes.OK;
  }

  private static String json(SysfsTopology topology) {
    try {
      return JSON.writeValueAsString(topology.toJson()) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
