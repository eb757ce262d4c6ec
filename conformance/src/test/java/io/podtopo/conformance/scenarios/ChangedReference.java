package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.VectorKinds;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** A subject for the tests: podtopo's reference, each answer changed before it is given. */
final class ChangedReference {

  private static final ReferenceSubject REFERENCE = new ReferenceSubject(VectorKinds.reference());

  private ChangedReference() {}

  /** The reference's answers, each a copy changed by {@code change}, under {@code name}. */
  static Subject changing(String name, UnaryOperator<ObjectNode> change) {
    return new Subject() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
        return REFERENCE.run(caseId, kind, input).map(answer -> change.apply(((ObjectNode) answer).deepCopy()));
      }
    };
  }
}
