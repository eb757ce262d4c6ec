package io.podtopo.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A program the release tests ran to its end: its exit status and what it printed. Each run has a
 * time limit, after which it is killed and the test fails.
 *
 * @param command the command line, for messages
 * @param exit the exit status
 * @param out standard output
 * @param err standard error
 */
record Command(List<String> command, int exit, String out, String err) {

  private static final Duration LIMIT = Duration.ofMinutes(10);

  /** Runs {@code command} in {@code dir} with this JVM's environment and {@code environment} over it. */
  static Command run(Path dir, Map<String, String> environment, String... command)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile("podtopo-release-out", ".txt");
    Path err = Files.createTempFile("podtopo-release-err", ".txt");
    try {
      ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
          .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      builder.environment().putAll(environment);
      Process process = builder.start();
      if (!process.waitFor(LIMIT.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
        throw new AssertionError(String.join(" ", command) + " did not end within " + LIMIT);
      }
      return new Command(List.of(command), process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** Fails, with what it printed, unless the program exited with {@code expected}. */
  Command assertExit(int expected) {
    assertThat(exit).as("exit status of %s%nstdout:%n%s%nstderr:%n%s", String.join(" ", command), out, err)
        .isEqualTo(expected);
    return this;
  }
}
