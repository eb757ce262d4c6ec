package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Any program, in any language, speaking the testee protocol ({@link TesteeProtocol},
 * {@code docs/conformance.md}) as a subject. The program is started once; cases are streamed to its
 * standard input one line each, and each answer is awaited for at most the per-case timeout.
 *
 * <p>Requests are written by a thread of their own, so a program that stops reading its input is
 * caught by the timeout too. An {@code error} answer fails that case only. A program that dies, closes its output, answers
 * out of step, answers with a line longer than {@link TesteeProtocol#MAX_LINE_CHARS} or does not answer in time is broken: that case and every later one fail with a message
 * saying why (with the last lines of the program's standard error when it died).
 */
public final class ProcessSubject implements Subject, AutoCloseable {

  /** The per-case timeout used when none is given. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  private static final int STDERR_TAIL_LINES = 10;

  private final String name;
  private final Process process;
  private final BlockingQueue<Optional<String>> requests = new LinkedBlockingQueue<>();
  private final BlockingQueue<Optional<ProtocolLines.Line>> answers = new LinkedBlockingQueue<>();
  private final Deque<String> stderrTail = new ArrayDeque<>();
  private final Duration timeout;
  private String broken;

  private ProcessSubject(List<String> command, Process process, Duration timeout) {
    this.name = String.join(" ", command);
    this.process = process;
    this.timeout = timeout;
    writeRequests(new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)));
    pump("testee-stdout", process.getInputStream(), line -> answers.add(Optional.of(line)),
        () -> answers.add(Optional.empty()));
    pump("testee-stderr", process.getErrorStream(),
        line -> keepStderr(line.tooLong() ? "(a line too long to keep)" : line.text()), () -> { });
  }

  /**
   * Starts a testee program.
   *
   * @param command the program and its arguments
   * @param timeout how long to wait for each answer
   * @throws TesteeException when the program cannot be started
   */
  public static ProcessSubject start(List<String> command, Duration timeout) {
    if (command.isEmpty()) {
      throw new TesteeException("no testee command given");
    }
    try {
      return new ProcessSubject(command, new ProcessBuilder(command).start(), timeout);
    } catch (IOException e) {
      throw new TesteeException("cannot start testee '" + String.join(" ", command) + "': " + e.getMessage(), e);
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public synchronized Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
    if (broken != null) {
      throw new TesteeException(broken);
    }
    requests.add(Optional.of(TesteeProtocol.request(caseId, kind, input)));
    Optional<ProtocolLines.Line> line;
    try {
      line = answers.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw breakWith("interrupted while waiting for the testee's answer to " + caseId);
    }
    if (line == null) {
      process.destroyForcibly();
      throw breakWith("testee gave no answer to " + caseId + " within " + timeout.toMillis() + " ms");
    }
    if (line.isEmpty()) {
      throw breakWith(whyGone());
    }
    return read(caseId, line.get());
  }

  private Optional<JsonNode> read(String caseId, ProtocolLines.Line answerLine) {
    if (answerLine.tooLong()) {
      throw breakWith("testee answered " + caseId + " with a bad line: " + TesteeProtocol.tooLong());
    }
    String line = answerLine.text();
    ObjectNode answer;
    try {
      answer = TesteeProtocol.parse(line);
    } catch (IllegalArgumentException e) {
      throw breakWith("testee answered " + caseId + " with a bad line: " + e.getMessage());
    }
    JsonNode id = answer.get("id");
    if (id == null || !caseId.equals(id.asText())) {
      throw breakWith("testee answered out of step: expected id " + caseId + ", got "
          + TesteeProtocol.abbreviate(line));
    }
    if (answer.path("unsupported").asBoolean(false)) {
      return Optional.empty();
    }
    if (answer.hasNonNull("error")) {
      throw new TesteeException("testee error: " + answer.get("error").asText());
    }
    if (!answer.has("output")) {
      throw new TesteeException("testee answer has no \"output\", \"unsupported\" or \"error\": "
          + TesteeProtocol.abbreviate(line));
    }
    return Optional.of(answer.get("output"));
  }

  private TesteeException breakWith(String reason) {
    broken = reason;
    return new TesteeException(reason);
  }

  private String whyGone() {
    try {
      if (process.waitFor(2, TimeUnit.SECONDS)) {
        return "testee exited with code " + process.exitValue() + stderrSummary();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return "testee closed its output" + stderrSummary();
  }

  private String stderrSummary() {
    synchronized (stderrTail) {
      return stderrTail.isEmpty() ? "" : "; its last standard error lines: " + String.join(" | ", stderrTail);
    }
  }

  private void keepStderr(String line) {
    synchronized (stderrTail) {
      if (stderrTail.size() == STDERR_TAIL_LINES) {
        stderrTail.removeFirst();
      }
      stderrTail.addLast(line);
    }
  }

  /**
   * Writes the requests on a thread of their own, so that a program that stops reading is caught by
   * the answer timeout instead of blocking the run; an empty request closes the program's input.
   */
  private void writeRequests(BufferedWriter stdin) {
    Thread thread = new Thread(() -> {
      try (stdin) {
        for (Optional<String> request = requests.take(); request.isPresent(); request = requests.take()) {
          stdin.write(request.get());
          stdin.write('\n');
          stdin.flush();
        }
      } catch (IOException e) {
        // The program has stopped reading; run() reports what became of it when no answer comes.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "testee-stdin");
    thread.setDaemon(true);
    thread.start();
  }

  /** Hands each line of {@code stream} to {@code onLine}, up to the protocol's limit ({@link ProtocolLines}). */
  private static void pump(String threadName, InputStream stream, Consumer<ProtocolLines.Line> onLine, Runnable onEnd) {
    Thread thread = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
        ProtocolLines lines = new ProtocolLines(reader, TesteeProtocol.MAX_LINE_CHARS);
        for (ProtocolLines.Line line = lines.next(); line != null; line = lines.next()) {
          onLine.accept(line);
        }
      } catch (IOException e) {
        // The stream ends with the process; what is known about the end is reported by run().
      } finally {
        onEnd.run();
      }
    }, threadName);
    thread.setDaemon(true);
    thread.start();
  }

  /** Closes the program's input and waits briefly for it to end, then ends it. */
  @Override
  public void close() {
    requests.add(Optional.empty());
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
