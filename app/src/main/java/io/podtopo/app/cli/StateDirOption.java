package io.podtopo.app.cli;

import io.podtopo.adapters.linux.store.StateDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --state-dir} option of the {@code state} commands. */
public final class StateDirOption {

  @Option(names = "--state-dir", paramLabel = "DIR", required = true,
      description = "The node's state folder, holding " + StateDirectory.FILE_NAME + ".")
  Path dir;

  /** The state folder, which must exist. */
  StateDirectory existing() {
    if (!Files.isDirectory(dir)) {
      throw new UserInputException("--state-dir " + dir + ": " + (Files.exists(dir) ? "not a directory" : "no such directory"));
    }
    return new StateDirectory(dir);
  }
}
