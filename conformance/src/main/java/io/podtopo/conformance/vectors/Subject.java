package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * An implementation under test. The reference implementation, an implementation in this JVM found
 * through {@link java.util.ServiceLoader}, or any program speaking the testee protocol
 * ({@code docs/conformance.md}) is a subject.
 */
public interface Subject {

  /** A short name for reports. */
  String name();

  /**
   * The subject's output for one case's input; empty when the subject does not support the kind
   * (the case is then counted as skipped, never as passed).
   *
   * @throws RuntimeException when the subject fails; the case then fails with that message
   */
  Optional<JsonNode> run(String caseId, String kind, JsonNode input);
}
