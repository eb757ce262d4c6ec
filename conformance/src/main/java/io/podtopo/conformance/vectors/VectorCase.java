package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One transcribed upstream case: its id ({@code <kind>/<group>/<slug>}), the upstream test it comes
 * from, its kind, its self-contained input (fixture references already resolved, see
 * {@link VectorFile}) and what upstream asserts.
 */
public record VectorCase(String id, String upstream, String kind, JsonNode input, JsonNode expect, String file) {

  @Override
  public String toString() {
    return id;
  }
}
