package io.podtopo.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code podtopo conformance}: the group of conformance checks. */
@Command(
    name = "conformance",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = "Check podtopo, or any other implementation, against the conformance suite.",
    subcommands = {VectorsCommand.class, PropertiesCommand.class, DifferentialCommand.class, SpeedCommand.class},
    footer = {
        "",
        "Examples:",
        "  ./podtopo conformance vectors",
        "  ./podtopo conformance vectors --help",
        "  ./podtopo conformance properties --help"})
public final class ConformanceCommand implements Runnable {

  @Spec
  CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
  }
}
