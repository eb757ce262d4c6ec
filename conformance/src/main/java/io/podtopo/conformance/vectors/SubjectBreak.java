package io.podtopo.conformance.vectors;

import java.util.List;

/**
 * Why a run stopped early: the subject broke on {@code atCase} and can answer no further case. The
 * case it broke on and every later one are counted as not run; a report names the break once,
 * with {@code stderrTail}, the last lines the subject wrote to its standard error (empty for a
 * subject in this JVM, or a program that wrote none).
 */
public record SubjectBreak(VectorCase atCase, Cause cause, String message, List<String> stderrTail) {

  /** What became of the subject. */
  public enum Cause {
    /** The program exited, or closed its standard output. */
    EXITED("exited"),
    /** It answered with a line that is not a protocol answer. */
    NOT_PROTOCOL("not-protocol"),
    /** It answered with another case's id. */
    OUT_OF_STEP("out-of-step"),
    /** It gave no answer within the per-case timeout. */
    NO_ANSWER_IN_TIME("no-answer-in-time"),
    /** The run was interrupted while waiting for it. */
    INTERRUPTED("interrupted");

    private final String label;

    Cause(String label) {
      this.label = label;
    }

    /** The cause as reports name it: {@code exited}, {@code not-protocol}, ... */
    public String label() {
      return label;
    }
  }

  public SubjectBreak {
    stderrTail = List.copyOf(stderrTail);
  }
}
