package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * standard input one line each, and each answer is awaited for at most the per-case timeout; the
 * first answer may be given a longer allowance, the startup timeout, for a program that takes long
 * to start (one that builds itself on first use, as {@code oracle/kubelet testee} does). An
 * {@code unsupported} answer with a {@code reason} is thrown as a {@link KindNotSupportedException}
 * carrying it (up to 200 characters, control characters escaped).
 *
 * <p>Requests are written by a thread of their own, so a program that stops reading its input is
 * caught by the timeout too. An {@code error} answer fails that case only. A program that exits,
 * closes its output, answers with a line that is not a protocol answer (a line longer than
 * {@link TesteeProtocol#MAX_LINE_CHARS} included), answers out of step or does not answer in time is
 * broken: {@link BrokenSubjectException} says why, with the last {@value #STDERR_TAIL_LINES} lines of
 * the program's standard error, and the program is ended.
 */
public final class ProcessSubject implements Subject, AutoCloseable {

  /** The per-case timeout used when none is given. */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

  /** The command line's allowance for the first answer when none is given: 15 minutes. */
  public static final Duration DEFAULT_STARTUP_TIMEOUT = Duration.ofSeconds(900);

  /** How many of the last standard error lines a break carries. */
  public static final int STDERR_TAIL_LINES = 20;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long DRAIN_MILLIS = 1000;

  private final String name;
  private final Process process;
  private final BlockingQueue<Optional<String>> requests = new LinkedBlockingQueue<>();
  private final BlockingQueue<Optional<ProtocolLines.Line>> answers = new LinkedBlockingQueue<>();
  private final Deque<String> stderrTail = new ArrayDeque<>();
  private final Thread stderrPump;
  private final Duration timeout;
  private final Duration startupTimeout;
  private boolean answered;
  private BrokenSubjectException broken;

  private ProcessSubject(List<String> command, Process process, Duration timeout, Duration startupTimeout) {
    this.name = String.join(" ", command);
    this.process = process;
    this.timeout = timeout;
    this.startupTimeout = startupTimeout;
    writeRequests(new BufferedWriter(new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8)));
    pump("testee-stdout", process.getInputStream(), line -> answers.add(Optional.of(line)),
        () -> answers.add(Optional.empty()));
    this.stderrPump = pump("testee-stderr", process.getErrorStream(),
        line -> keepStderr(line.tooLong() ? "(a line too long to keep)" : line.text()), () -> { });
  }

  /**
   * Starts a testee program whose every answer, the first included, is awaited for {@code timeout}.
   *
   * @param command the program and its arguments
   * @param timeout how long to wait for each answer
   * @throws TesteeException when the program cannot be started
   */
  public static ProcessSubject start(List<String> command, Duration timeout) {
    return start(command, timeout, timeout);
  }

  /**
   * Starts a testee program.
   *
   * @param command the program and its arguments
   * @param timeout how long to wait for each answer after the first
   * @param startupTimeout how long to wait for the first answer (for {@code timeout} if that is longer),
   *     counted from its request: the time the program may take to start
   * @throws TesteeException when the program cannot be started
   */
  public static ProcessSubject start(List<String> command, Duration timeout, Duration startupTimeout) {
    if (command.isEmpty()) {
      throw new TesteeException("no testee command given");
    }
    try {
      return new ProcessSubject(command, new ProcessBuilder(command).start(), timeout, startupTimeout);
    } catch (IOException e) {
      throw new TesteeException("cannot start testee '" + String.join(" ", command) + "': " + e.getMessage(), e);
    }
  }

  @Override
  public String name() {
    return name;
  }

  /**
   * {@inheritDoc}
   *
   * @throws TesteeException when the program answers this case with an {@code error}
   * @throws BrokenSubjectException when the program broke on this case or an earlier one
   */
  @Override
  public synchronized Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
    if (broken != null) {
      throw broken;
    }
    requests.add(Optional.of(TesteeProtocol.request(caseId, kind, input)));
    boolean starting = !answered && startupTimeout.compareTo(timeout) > 0;
    Duration wait = starting ? startupTimeout : timeout;
    Optional<ProtocolLines.Line> line;
    try {
      line = answers.poll(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw breakWith(SubjectBreak.Cause.INTERRUPTED, "interrupted while waiting for the testee's answer");
    }
    if (line == null) {
      endWithItsChildren();
      throw breakWith(SubjectBreak.Cause.NO_ANSWER_IN_TIME, starting
          ? "testee gave no first answer within " + wait.toMillis() + " ms, the allowance for it to start"
          : "testee gave no answer within " + wait.toMillis() + " ms");
    }
    answered = true;
    if (line.isEmpty()) {
      throw breakWith(SubjectBreak.Cause.EXITED, whyGone());
    }
    return read(caseId, line.get());
  }

  private Optional<JsonNode> read(String caseId, ProtocolLines.Line answerLine) {
    if (answerLine.tooLong()) {
      throw breakWith(SubjectBreak.Cause.NOT_PROTOCOL,
          "testee answered " + caseId + " with a line that is not a protocol answer: " + TesteeProtocol.tooLong());
    }
    String line = answerLine.text();
    JsonNode parsed;
    try {
      parsed = JSON.readTree(line);
    } catch (JsonProcessingException e) {
      throw notProtocol("not JSON", line);
    }
    if (!(parsed instanceof ObjectNode answer)) {
      throw notProtocol("not a JSON object", line);
    }
    JsonNode id = answer.get("id");
    if (id == null || !caseId.equals(id.asText())) {
      throw breakWith(SubjectBreak.Cause.OUT_OF_STEP, "testee answered out of step: expected id " + caseId + ", got "
          + printable(line));
    }
    if (answer.path("unsupported").asBoolean(false)) {
      return unsupported(answer.get("reason"), line);
    }
    if (answer.hasNonNull("error")) {
      throw new TesteeException("testee error: " + answer.get("error").asText());
    }
    if (!answer.has("output")) {
      throw notProtocol("no \"output\", \"unsupported\" or \"error\"", line);
    }
    return Optional.of(answer.get("output"));
  }

  /**
   * An {@code unsupported} answer: empty without a reason (absent, null or blank), else the reason,
   * written printable and abbreviated as the reports show testee text; a reason that is not a string
   * is not a protocol answer.
   */
  private Optional<JsonNode> unsupported(JsonNode reason, String line) {
    if (reason == null || reason.isNull()) {
      return Optional.empty();
    }
    if (!reason.isTextual()) {
      throw notProtocol("\"reason\" is not a string", line);
    }
    if (reason.asText().isBlank()) {
      return Optional.empty();
    }
    throw new KindNotSupportedException(printable(reason.asText().strip()));
  }

  private BrokenSubjectException notProtocol(String why, String line) {
    return breakWith(SubjectBreak.Cause.NOT_PROTOCOL,
        "testee answered with a line that is not a protocol answer (" + why + "): " + printable(line));
  }

  /**
   * The text abbreviated to 200 characters, its control characters (a garbage line's, an ANSI
   * colour's) written as Java escapes, so that a report shows them instead of sending them to a terminal.
   */
  private static String printable(String text) {
    String shown = TesteeProtocol.abbreviate(text);
    StringBuilder out = new StringBuilder(shown.length());
    shown.chars().forEach(c -> out.append(Character.isISOControl(c) && c != '\t'
        ? String.format(java.util.Locale.ROOT, "\\u%04x", c) : String.valueOf((char) c)));
    return out.toString();
  }

  /** Records the break, ends the program (letting it exit by itself for a moment) and drains its standard error. */
  private BrokenSubjectException breakWith(SubjectBreak.Cause cause, String message) {
    requests.add(Optional.empty());
    try {
      if (!process.waitFor(DRAIN_MILLIS, TimeUnit.MILLISECONDS)) {
        endWithItsChildren();
      }
      stderrPump.join(DRAIN_MILLIS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      endWithItsChildren();
    }
    synchronized (stderrTail) {
      broken = new BrokenSubjectException(cause, message, List.copyOf(stderrTail));
    }
    return broken;
  }

  private String whyGone() {
    try {
      if (process.waitFor(DRAIN_MILLIS, TimeUnit.MILLISECONDS)) {
        return "testee exited with code " + process.exitValue();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return "testee closed its standard output";
  }

  private void keepStderr(String line) {
    synchronized (stderrTail) {
      if (stderrTail.size() == STDERR_TAIL_LINES) {
        stderrTail.removeFirst();
      }
      stderrTail.addLast(printable(line));
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
  private static Thread pump(String threadName, InputStream stream, Consumer<ProtocolLines.Line> onLine,
      Runnable onEnd) {
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
    return thread;
  }

  /**
   * Ends the program and every process it started, children first: a hung testee's workers (the kubelet
   * oracle's, say) would otherwise outlive the run.
   */
  private void endWithItsChildren() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /** Closes the program's input and waits briefly for it to end, then ends it. */
  @Override
  public void close() {
    requests.add(Optional.empty());
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        endWithItsChildren();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      endWithItsChildren();
    }
  }
}
