package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.app.Main;
import io.podtopo.app.PodtopoComponent;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Issue 24 item 1: every path option of every command is checked before anything runs. A missing
 * file, a file where a folder is needed or the reverse, something else where a socket is needed, an
 * output folder that cannot be made: one line naming the option, the path and what is wrong, exit
 * status 2, nothing on standard output, nothing started (no testee, no census, no agent).
 */
class PathOptionsTest {

  @TempDir
  Path dir;

  private Path missing;
  private Path file;
  private Path folder;
  private Path pod;
  private Path socket;

  @BeforeEach
  void createPaths() throws IOException {
    missing = dir.resolve("missing");
    file = Files.writeString(dir.resolve("file"), "a file");
    folder = Files.createDirectory(dir.resolve("folder"));
    pod = Files.writeString(dir.resolve("pod.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n"
        + "  containers:\n  - name: app\n");
    socket = dir.resolve("stale.sock");
    try (ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      channel.bind(UnixDomainSocketAddress.of(socket));
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', textBlock = """
      simulate                 | --kubelet-config MISSING                           | --kubelet-config MISSING: no such file
      simulate                 | --kubelet-config FOLDER                            | --kubelet-config FOLDER: a directory, not a file
      simulate                 | --pods POD MISSING                                 | --pods MISSING: no such file or directory
      simulate                 | --pods POD --scenario FOLDER                       | --scenario FOLDER: a directory, not a file
      simulate                 | --pods POD --kubelet-state FILE                    | --kubelet-state FILE: not a directory
      topology                 | --machine demo-2s --device-mapping MISSING         | --device-mapping MISSING: no such file
      agent                    | --machine demo-2s --kubelet-config FOLDER --pods-dir FOLDER --state-dir FOLDER | --kubelet-config FOLDER: a directory, not a file
      agent                    | --machine demo-2s --pods-dir FILE --state-dir FOLDER                 | --pods-dir FILE: not a directory
      agent                    | --machine demo-2s --pods-dir FOLDER --state-dir FILE/state           | --state-dir FILE/state: cannot be made: FILE is not a directory
      agent                    | --machine demo-2s --pods-dir FOLDER --state-dir FOLDER --socket FOLDER | --socket FOLDER: a directory, not a socket
      agent                    | --machine demo-2s --pods-dir FOLDER --state-dir FOLDER --socket FILE/run/agent.sock | --socket FILE/run/agent.sock: cannot be made: FILE is not a directory
      inspect                  | --socket FILE                                      | --socket FILE: not a socket
      audit                    | --socket FOLDER                                    | --socket FOLDER: a directory, not a socket
      audit                    | --socket SOCKET --kubelet-config FOLDER            | --kubelet-config FOLDER: a directory, not a file
      audit                    | --socket SOCKET --cgroup-root /kubepods --cgroup-fs FILE | --cgroup-fs FILE: not a directory
      conformance vectors      | --dir MISSING                                      | --dir MISSING: no such directory
      conformance differential | --testee true --scenarios 1 --out FILE/found       | --out FILE/found: cannot be made: FILE is not a directory
      conformance properties   | --behaviour kubelet --examples 1 --out FILE        | --out FILE: not a directory
      state check              | --state-dir FILE                                   | --state-dir FILE: not a directory
      state reset              | --state-dir MISSING                                | --state-dir MISSING: no such directory
      """)
  @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
  void issue24_item1_aPathOptionNamingTheWrongThingIsRefusedInOneLineBeforeAnythingRuns(String command,
      String arguments, String refusal) {
    List<String> args = new ArrayList<>(List.of(command.split(" ")));
    Stream.of(arguments.split(" ")).map(this::placed).forEach(args::add);

    CliRun run = CliRun.reference(args.toArray(String[]::new));

    assertThat(run.err()).isEqualTo("podtopo " + command + ": error: " + placed(refusal) + System.lineSeparator());
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
  }

  @Test
  void issue24_item1_everyPathOptionOfEveryCommandSaysWhatItNames() {
    List<String> pathOptions = new ArrayList<>();
    List<String> undeclared = new ArrayList<>();
    collect(Main.commandLine(PodtopoComponent.reference()), pathOptions, undeclared);

    assertThat(pathOptions).hasSizeGreaterThanOrEqualTo(17).contains("podtopo simulate --pods",
        "podtopo audit --kubelet-config", "podtopo state check --state-dir", "podtopo conformance differential --out");
    assertThat(undeclared).isEmpty();
  }

  @Test
  void aHelpRequestIsAnsweredWhateverThePathsSay() {
    CliRun run = CliRun.reference("simulate", "--kubelet-config", missing.toString(), "--help");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.out()).startsWith("Usage: podtopo simulate");
  }

  private static void collect(CommandLine command, List<String> pathOptions, List<String> undeclared) {
    for (OptionSpec option : command.getCommandSpec().options()) {
      boolean path = option.type() == Path.class || List.of(option.auxiliaryTypes()).contains(Path.class);
      if (path) {
        String name = command.getCommandSpec().qualifiedName() + " " + option.longestName();
        pathOptions.add(name);
        if (PathOptions.declaredKind(option).isEmpty()) {
          undeclared.add(name);
        }
      }
    }
    command.getSubcommands().values().forEach(sub -> collect(sub, pathOptions, undeclared));
  }

  private String placed(String text) {
    return text.replace("MISSING", missing.toString()).replace("FOLDER", folder.toString())
        .replace("FILE", file.toString()).replace("POD", pod.toString()).replace("SOCKET", socket.toString());
  }
}
