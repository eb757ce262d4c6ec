package io.podtopo.app;

import io.podtopo.app.cli.AgentCommand;
import io.podtopo.app.cli.AuditCommand;
import io.podtopo.app.cli.CliErrors;
import io.podtopo.app.cli.CompletionCommand;
import io.podtopo.app.cli.ConformanceCommand;
import io.podtopo.app.cli.InspectCommand;
import io.podtopo.app.cli.PasteableExamples;
import io.podtopo.app.cli.PathOptions;
import io.podtopo.app.cli.PodtopoVersion;
import io.podtopo.app.cli.SimulateCommand;
import io.podtopo.app.cli.StateCommand;
import io.podtopo.app.cli.TesteeCommand;
import io.podtopo.app.cli.MachinesCommand;
import io.podtopo.app.cli.TopologyCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The {@code podtopo} command line. */
@Command(
    name = "podtopo",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = "A reference implementation of the kubelet's Topology Manager, CPU Manager static "
        + "policy and Memory Manager Static policy with pod-level resources (KEP-5526), and a "
        + "conformance suite for other implementations.",
    subcommands = {SimulateCommand.class, TopologyCommand.class, MachinesCommand.class, AgentCommand.class,
        InspectCommand.class,
        AuditCommand.class, StateCommand.class, ConformanceCommand.class, TesteeCommand.class,
        HelpCommand.class, CompletionCommand.class},
    footer = {
        "",
        "Exit codes: 0 success, 1 conformance or audit failures, 2 bad usage or input,",
        "3 internal error, 4 a conformance testee broke, 5 a conformance run checked",
        "nothing (every case skipped).",
        "",
        "Examples:",
        "  ./podtopo simulate",
        "      the KEP-5526 examples on a built-in 2-socket machine: tables and CPU maps",
        "  ./podtopo simulate --machine epyc-9654-2s-nps4 --pods pods/ --explain",
        "      your pod manifests on a catalog machine, with every decision explained",
        "  ./podtopo topology",
        "      this node's sockets, NUMA nodes, caches, cores and CPUs, read from /sys",
        "  ./podtopo simulate --machine / --kubelet-config /var/lib/kubelet/config.yaml --pods pod.yaml",
        "      where a pod would land on this node, under its own kubelet configuration",
        "  ./podtopo inspect --socket /var/lib/kubelet/pod-resources/kubelet.sock",
        "      what this node's kubelet reports of every pod and container",
        "  ./podtopo audit --socket /var/lib/kubelet/pod-resources/kubelet.sock --scope pod",
        "      check its answers against the rules every correct node keeps",
        "  ./podtopo conformance vectors",
        "      run the bundled vectors against podtopo's reference implementation",
        "  ./podtopo conformance vectors --format json",
        "      the same, as one JSON document",
        "  ./podtopo conformance vectors --testee \"./my-impl --testee\"",
        "      run them against another implementation",
        "  ./podtopo state check --state-dir /var/lib/podtopo",
        "      can a node started on this folder read the allocations it saved?",
        "  ./podtopo help COMMAND",
        "      help on a command (or podtopo COMMAND --help)",
        "  source <(./podtopo completion)",
        "      tab completion of commands, options and their values in bash or zsh"})
public final class Main implements Runnable {

  @Spec
  CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
  }

  public static void main(String[] args) {
    System.exit(commandLine(PodtopoComponent.reference()).execute(args));
  }

  /**
   * The command line over a component, with one-line errors and the documented exit codes, its path
   * options checked before a command runs.
   */
  public static CommandLine commandLine(PodtopoComponent component) {
    CommandLine commandLine = new CommandLine(Main.class, new InjectingFactory(component));
    CliErrors.install(commandLine);
    PasteableExamples.install(commandLine);
    PathOptions.install(commandLine);
    return commandLine;
  }
}
