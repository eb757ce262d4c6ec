package io.podtopo.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of {@code ./podtopo ARGS} in a new JVM on this test's class path and locale: what a
 * second invocation of the command prints, its standard output kept byte for byte. A determinism
 * test compares it with a run in the test's own JVM or in another new one, whose identity hash
 * codes, {@code Set.of}/{@code Map.of} iteration salt, class initialisation order and static state
 * all differ from this one's.
 */
public record FreshJvm(int exitCode, byte[] stdout, String err) {

  /** The standard output as UTF-8 text. */
  public String out() {
    return new String(stdout, StandardCharsets.UTF_8);
  }

  public static FreshJvm run(String... args) {
    String java = ProcessHandle.current().info().command().orElse("java");
    List<String> command = new ArrayList<>(List.of(java, "-Xss4m",
        "-Duser.language=" + System.getProperty("user.language"),
        "-Duser.country=" + System.getProperty("user.country"),
        "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    try {
      Path out = Files.createTempFile("podtopo-fresh-jvm", ".out");
      Path err = Files.createTempFile("podtopo-fresh-jvm", ".err");
      try {
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
          process.destroyForcibly();
          throw new IllegalStateException("podtopo " + String.join(" ", args) + " did not end within 120 s");
        }
        return new FreshJvm(process.exitValue(), Files.readAllBytes(out),
            Files.readString(err, StandardCharsets.UTF_8));
      } finally {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot start a JVM for podtopo " + String.join(" ", args), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while podtopo " + String.join(" ", args) + " ran", e);
    }
  }
}
