package io.podtopo.app.cli;

import io.podtopo.conformance.vectors.ProcessSubject;
import java.time.Duration;

/**
 * The testee program of {@code conformance vectors}, {@code properties} and {@code differential}: its
 * command line split as a shell would ({@link CommandWords}) and started once, with the two waits the
 * commands take as {@code --timeout} and {@code --startup-timeout}.
 */
final class TesteeProcess {

  private TesteeProcess() {}

  /**
   * Starts {@code command}.
   *
   * @throws UserInputException when a wait is not a positive number of seconds
   */
  static ProcessSubject start(String command, long timeoutSeconds, long startupTimeoutSeconds) {
    checkWaits(timeoutSeconds, startupTimeoutSeconds);
    return ProcessSubject.start(CommandWords.split(command), Duration.ofSeconds(timeoutSeconds),
        Duration.ofSeconds(startupTimeoutSeconds));
  }

  /** @throws UserInputException when a wait is not a positive number of seconds */
  static void checkWaits(long timeoutSeconds, long startupTimeoutSeconds) {
    if (timeoutSeconds <= 0) {
      throw new UserInputException("--timeout must be a positive number of seconds, got " + timeoutSeconds);
    }
    if (startupTimeoutSeconds <= 0) {
      throw new UserInputException("--startup-timeout must be a positive number of seconds, got "
          + startupTimeoutSeconds);
    }
  }
}
