package io.podtopo.app.cli;

import io.podtopo.app.input.InputException;
import io.podtopo.conformance.vectors.InvalidVectorFileException;
import io.podtopo.conformance.vectors.TesteeException;
import io.podtopo.ports.out.AllocationStoreException;
import java.io.UncheckedIOException;
import picocli.CommandLine;

/**
 * How errors reach the user: one line on standard error, never a stack trace. Bad usage and bad
 * input exit with {@link ExitCodes#USAGE}, anything else with {@link ExitCodes#INTERNAL}.
 */
public final class CliErrors {

  private CliErrors() {}

  /** Installs the handlers on a command line (they apply to its subcommands too). */
  public static void install(CommandLine commandLine) {
    commandLine.setParameterExceptionHandler((e, args) -> {
      CommandLine command = e.getCommandLine();
      command.getErr().println(command.getCommandSpec().qualifiedName() + ": " + oneLine(e.getMessage())
          + " (see '" + command.getCommandSpec().qualifiedName() + " --help')");
      return ExitCodes.USAGE;
    });
    commandLine.setExecutionExceptionHandler((e, command, parseResult) -> {
      boolean userError = e instanceof UserInputException || e instanceof InputException
          || e instanceof InvalidVectorFileException
          || e instanceof TesteeException || e instanceof UncheckedIOException
          || e instanceof AllocationStoreException;
      command.getErr().println(command.getCommandSpec().qualifiedName() + ": "
          + (userError ? "error: " + oneLine(e.getMessage())
              : "internal error: " + e.getClass().getName() + ": " + oneLine(e.getMessage())));
      return userError ? ExitCodes.USAGE : ExitCodes.INTERNAL;
    });
  }

  private static String oneLine(String message) {
    return message == null ? "" : message.strip().replaceAll("\\s*\\R\\s*", " ");
  }
}
