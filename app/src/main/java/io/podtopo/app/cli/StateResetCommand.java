package io.podtopo.app.cli;

import io.podtopo.adapters.linux.store.StateDirectory;
import java.time.Clock;
import picocli.CommandLine.Command;

/** {@code podtopo state reset}: moves a node's state file aside so that the node starts empty. */
@Command(
    name = "reset",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Move the state file of a node's state folder aside, so that a node started on the folder starts "
            + "empty.",
        "",
        "The file is renamed, never deleted: to node-state.json.<UTC time>.corrupt when a node would refuse "
            + "it, or node-state.json.<UTC time>.reset when it is valid. Stop the node first: a running node "
            + "saves its state again with its next change. Prints where the file went.",
        "",
        "Exits 0 when the file was moved or there was none, 2 when the folder does not exist or the file "
            + "cannot be moved.",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo state reset --state-dir /var/lib/podtopo",
        "      prints, for instance, moved /var/lib/podtopo/node-state.json to",
        "      /var/lib/podtopo/node-state.json.20261202T181324Z.corrupt; a node",
        "      started on /var/lib/podtopo starts empty",
        "",
        "The state file: docs/guide/state-store.md"})
public final class StateResetCommand extends StateFolderCommand {

  @Override
  String run(StateDirectory directory) {
    return directory.moveAside(Clock.systemUTC())
        .map(moved -> "moved " + directory.file() + " to " + moved + "; a node started on " + directory.dir()
            + " starts empty")
        .orElse(directory.file() + ": nothing to reset");
  }
}
