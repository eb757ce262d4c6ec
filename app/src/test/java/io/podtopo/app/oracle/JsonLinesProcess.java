package io.podtopo.app.oracle;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A node process that writes one JSON object per line on its standard output ({@code podtopo agent}'s
 * decision log, {@code oracle/kubelet node}'s decisions): started with its output and errors in
 * files, read as it goes, stopped with SIGTERM; closing it kills it if it still runs.
 */
final class JsonLinesProcess implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final String name;
  private final Process process;
  private final Path out;
  private final Path err;

  private JsonLinesProcess(String name, Process process, Path out, Path err) {
    this.name = name;
    this.process = process;
    this.out = out;
    this.err = err;
  }

  /** Starts {@code command}, its output in {@code DIR/NAME.out} and its errors in {@code DIR/NAME.err}. */
  static JsonLinesProcess start(String name, List<String> command, Path dir) throws IOException {
    Path out = dir.resolve(name + ".out");
    Path err = dir.resolve(name + ".err");
    Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    return new JsonLinesProcess(name, process, out, err);
  }

  /** The complete lines written so far, parsed. */
  List<JsonNode> lines() throws IOException {
    String text = Files.readString(out);
    List<JsonNode> lines = new ArrayList<>();
    int end = text.lastIndexOf('\n');
    if (end < 0) {
      return lines;
    }
    for (String line : text.substring(0, end).split("\n")) {
      lines.add(JSON.readTree(line));
    }
    return lines;
  }

  /**
   * Reads its lines every 20 ms until {@code done} holds for them.
   *
   * @throws AssertionError when the process ends or {@code seconds} pass first
   */
  List<JsonNode> await(Predicate<List<JsonNode>> done, int seconds) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    for (List<JsonNode> lines = lines(); ; lines = lines()) {
      if (done.test(lines)) {
        return lines;
      }
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError(name + (process.isAlive() ? " did not get there within " + seconds + " s"
            : " ended with status " + process.exitValue()) + "; its output: " + lines + "; its errors: " + errors());
      }
      Thread.sleep(20);
    }
  }

  /** Stops it with SIGTERM and returns its exit status; -1 when it still runs after {@code seconds}. */
  int stop(int seconds) throws InterruptedException {
    process.toHandle().destroy();
    return process.waitFor(seconds, TimeUnit.SECONDS) ? process.exitValue() : -1;
  }

  /** What it wrote on standard error. */
  String errors() {
    try {
      return Files.readString(err);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }
}
