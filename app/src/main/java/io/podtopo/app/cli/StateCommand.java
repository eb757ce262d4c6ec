package io.podtopo.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code podtopo state}: the group of commands on a node's saved allocation state. */
@Command(
    name = "state",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = "Check or reset the allocation state a node saved in its state folder (node-state.json).",
    subcommands = {StateCheckCommand.class, StateResetCommand.class},
    footer = {
        "",
        "Examples:",
        "  ./podtopo state check --state-dir /var/lib/podtopo",
        "  ./podtopo state reset --state-dir /var/lib/podtopo",
        "",
        "The state file: docs/guide/state-store.md"})
public final class StateCommand implements Runnable {

  @Spec
  CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "Missing command: choose one of " + String.join(", ", spec.subcommands().keySet()));
  }
}
