package io.podtopo.app.cli;

import io.podtopo.adapters.linux.store.StateDirectory;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A {@code state} command: takes {@code --state-dir}, which must be an existing folder, does its work
 * on it and prints one line.
 */
abstract class StateFolderCommand implements Callable<Integer> {

  @PathOption(PathKind.FOLDER)
  @Option(names = "--state-dir", paramLabel = "DIR", required = true,
      description = "The node's state folder, holding " + StateDirectory.FILE_NAME + ".")
  Path stateDir;

  @Spec
  CommandSpec spec;

  @Override
  public final Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    out.println(run(new StateDirectory(stateDir)));
    out.flush();
    return ExitCodes.OK;
  }

  /** Does the command's work on the folder; the line to print. */
  abstract String run(StateDirectory directory);
}
