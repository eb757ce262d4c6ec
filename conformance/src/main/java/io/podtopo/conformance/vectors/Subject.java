package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * An implementation under test: the service provider interface of the suite. The reference
 * implementation ({@link ReferenceSubject}), an implementation in the same JVM (its tests hand it to
 * {@link VectorRunner}, or serve it to the command line with {@link TesteeServer}), or any program
 * speaking the testee protocol ({@link ProcessSubject}, {@code docs/conformance.md}) is a subject.
 */
public interface Subject {

  /** A short name for reports. */
  String name();

  /**
   * The subject's output for one case's input; empty when the subject does not support the kind
   * (the case is then counted as skipped, never as passed).
   *
   * @throws KindNotSupportedException when the subject does not support the kind and says why: the
   *     case is skipped as with an empty answer, and the reports show the reason
   * @throws BrokenSubjectException when the subject can answer no further case; the run stops and
   *     this case and every later one are counted as not run
   * @throws RuntimeException when the subject fails on this case; the case then fails with that message
   */
  Optional<JsonNode> run(String caseId, String kind, JsonNode input);
}
