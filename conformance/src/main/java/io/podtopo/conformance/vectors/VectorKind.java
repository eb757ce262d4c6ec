package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One kind of vector: how the reference implementation answers an input, and how an answer is
 * compared with what upstream asserts.
 *
 * <p>The output of a kind has the shape of the case's {@code expect} object (the same field names),
 * so that any subject, in any language, can produce it from the input alone. The comparator
 * compares only what upstream asserts, sets as sets.
 */
public interface VectorKind {

  /** The kind's name, as in the vectors' {@code kind} field. */
  String name();

  /** The reference implementation's output for an input. */
  JsonNode reference(JsonNode input);

  /** Compares a subject's output with the case's expectation. */
  Verdict compare(JsonNode expect, JsonNode output);

  /**
   * Compares a subject's output with the case's expectation, the case's input at hand: for kinds
   * where upstream asserts something of the input's data through the output (the NUMA nodes of the
   * devices a subject chose). By default the input plays no part.
   */
  default Verdict compare(JsonNode input, JsonNode expect, JsonNode output) {
    return compare(expect, output);
  }
}
