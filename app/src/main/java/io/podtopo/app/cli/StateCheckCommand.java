package io.podtopo.app.cli;

import io.podtopo.adapters.linux.store.SavedState;
import io.podtopo.adapters.linux.store.StateDirectory;
import io.podtopo.ports.in.NodeSnapshot;
import picocli.CommandLine.Command;

/** {@code podtopo state check}: reads a node's state file and says whether a node would accept it. */
@Command(
    name = "check",
    mixinStandardHelpOptions = true,
    versionProvider = PodtopoVersion.class,
    description = {
        "Read the state file of a node's state folder and say whether a node started on the folder "
            + "would accept it.",
        "",
        "Prints one line: the file, its format version, the active pods, their containers (and how many "
            + "of those were removed) and the checksum of the last thing saved: the state file's, or that of "
            + "the last record of its journal (node-state.journal, the changes saved since the file was "
            + "written), with how many records there are. A file or journal that is truncated, not JSON, of "
            + "another format or version, or fails its checksum is refused: the reason goes to standard "
            + "error (a last journal record cut short by a crash is a save that never finished, and is "
            + "left out). Nothing on "
            + "disk changes, so this is safe beside a running node.",
        "",
        "Exits 0 when the file is accepted or there is none, 2 when it is refused or the folder does not "
            + "exist.",
        ""},
    footer = {
        "",
        "Examples:",
        "  ./podtopo state check --state-dir /var/lib/podtopo",
        "      prints, for instance,",
        "      /var/lib/podtopo/node-state.json: version 1, 12 pods, 31 containers",
        "      (2 removed), checksum sha256:5acaf9e0...",
        "",
        "The state file: docs/guide/state-store.md"})
public final class StateCheckCommand extends StateFolderCommand {

  @Override
  String run(StateDirectory directory) {
    return directory.read().map(StateCheckCommand::summary)
        .orElse(directory.file() + ": nothing saved; a node started on " + directory.dir() + " starts empty");
  }

  private static String summary(SavedState saved) {
    NodeSnapshot snapshot = saved.snapshot();
    long containers = snapshot.activePods().stream()
        .mapToLong(pod -> pod.initAndAppContainers().size() + pod.ephemeralContainers().size()).sum();
    return saved.file() + ": version " + saved.version() + ", " + count(snapshot.activePods().size(), "pod") + ", "
        + count(containers, "container") + " (" + snapshot.removedContainers().size() + " removed), checksum "
        + saved.checksum() + (saved.journalRecords() == 0 ? ""
        : " (after " + count(saved.journalRecords(), "journal record") + ")");
  }

  private static String count(long count, String noun) {
    return count + " " + noun + (count == 1 ? "" : "s");
  }
}
