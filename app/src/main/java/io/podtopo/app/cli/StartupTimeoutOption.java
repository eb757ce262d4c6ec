package io.podtopo.app.cli;

import picocli.CommandLine.Option;

/**
 * The {@code --startup-timeout} option of the commands that start a testee ({@code conformance vectors},
 * {@code properties}, {@code differential}, {@code speed}): how long its first answer may take.
 */
public final class StartupTimeoutOption {

  @Option(names = "--startup-timeout", paramLabel = "SECONDS", defaultValue = "900",
      description = "How long to wait for the testee's first answer, for a testee that takes long to "
          + "start, e.g. one that builds itself on first use (default: ${DEFAULT-VALUE}; --timeout if "
          + "that is longer).")
  long seconds;
}
