package io.podtopo.conformance.vectors;

/**
 * A subject's answer that it does not support a case's kind, with its reason: the case is skipped,
 * never passed, and the reports show {@code kind not supported by the subject: <reason>}.
 * {@link Subject#run} throws it instead of returning {@code Optional.empty()} when it can say why; a
 * testee program says it with {@code {"id","unsupported":true,"reason":"..."}} ({@link ProcessSubject}
 * throws this for such an answer, {@link TesteeServer} writes one for it).
 */
public final class KindNotSupportedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** @param reason why the kind is not supported, for the reports */
  public KindNotSupportedException(String reason) {
    super(java.util.Objects.requireNonNull(reason, "reason"));
  }

  /** Why the kind is not supported. */
  public String reason() {
    return getMessage();
  }
}
