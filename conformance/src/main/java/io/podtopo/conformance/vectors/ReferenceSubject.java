package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/** The reference implementation (this project's domain) as a subject. */
public final class ReferenceSubject implements Subject {

  private final VectorKinds kinds;

  public ReferenceSubject(VectorKinds kinds) {
    this.kinds = kinds;
  }

  @Override
  public String name() {
    return "podtopo (reference)";
  }

  @Override
  public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
    return kinds.find(kind).map(k -> k.reference(input));
  }
}
