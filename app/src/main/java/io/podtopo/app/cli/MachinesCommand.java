package io.podtopo.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.adapters.fake.CatalogMachine;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.domain.text.ByteSizes;
import io.podtopo.domain.topology.Machine;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code podtopo machines}: the built-in machines that {@code --machine NAME} takes. */
@Command(
    name = "machines",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "List the built-in machines that every --machine option takes by name: each with its sockets, NUMA "
            + "nodes, CPUs, memory and devices, and what it is. --machine also takes a shape (e.g. 2s4n8c2t), a "
            + "machine JSON file, a sysfs root or a sysfs archive.",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo machines",
        "      the catalog as a table",
        "  ./podtopo machines --format json",
        "      one JSON document, a machine an entry",
        "  ./podtopo simulate --machine epyc-9654-2s-nps4",
        "      simulate on one of them"})
public final class MachinesCommand implements Callable<Integer> {

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
      description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Spec
  CommandSpec spec;

  private final MachineCatalog catalog;

  @Inject
  public MachinesCommand(MachineCatalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    if (format == OutputFormat.json) {
      ObjectNode document = new ObjectMapper().createObjectNode();
      ArrayNode machines = document.putArray("machines");
      for (CatalogMachine entry : catalog.entries()) {
        Machine machine = entry.machine();
        ObjectNode item = machines.addObject().put("name", entry.name()).put("description", entry.description());
        item.put("shape", entry.shape().orElse(null));
        item.put("sockets", machine.socketCount()).put("numaNodes", machine.numaNodes().size())
            .put("cpus", machine.cpus().size()).put("memoryBytes", machine.memoryBytes())
            .put("devices", machine.devices().size());
      }
      out.println(document.toPrettyString());
    } else {
      int width = catalog.names().stream().mapToInt(String::length).max().orElse(4);
      String row = "%-" + width + "s  %7s  %4s  %5s  %9s  %7s  %s%n";
      out.printf(Locale.ROOT, row, "NAME", "SOCKETS", "NUMA", "CPUS", "MEMORY", "DEVICES", "WHAT IT IS");
      for (CatalogMachine entry : catalog.entries()) {
        Machine machine = entry.machine();
        out.printf(Locale.ROOT, row, entry.name(), machine.socketCount(), machine.numaNodes().size(),
            machine.cpus().size(), ByteSizes.format(machine.memoryBytes()), machine.devices().size(), entry.description());
      }
    }
    out.flush();
    return ExitCodes.OK;
  }
}
