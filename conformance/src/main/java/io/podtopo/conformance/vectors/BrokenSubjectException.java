package io.podtopo.conformance.vectors;

import java.util.List;

/**
 * A subject that can answer no further case: a testee program that died, answered with a line that
 * is not a protocol answer, answered out of step or did not answer in time. The runner stops at
 * the case it was thrown on and counts that case and every later one as not run
 * ({@link SubjectBreak}); a subject in this JVM may throw it too.
 */
public final class BrokenSubjectException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final SubjectBreak.Cause cause;
  private final transient List<String> stderrTail;

  /**
   * @param cause what became of the subject
   * @param message one line saying so, e.g. {@code testee exited with code 3}
   * @param stderrTail the last lines of the subject's standard error, oldest first
   */
  public BrokenSubjectException(SubjectBreak.Cause cause, String message, List<String> stderrTail) {
    super(message);
    this.cause = cause;
    this.stderrTail = List.copyOf(stderrTail);
  }

  /** What became of the subject. */
  public SubjectBreak.Cause breakCause() {
    return cause;
  }

  /** The last lines of the subject's standard error, oldest first; empty when there are none. */
  public List<String> stderrTail() {
    return stderrTail;
  }

  /** The break, at the case this was thrown on. */
  public SubjectBreak at(VectorCase vectorCase) {
    return new SubjectBreak(vectorCase, cause, getMessage(), stderrTail);
  }
}
