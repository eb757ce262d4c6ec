package com.example.podtopo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.podtopo.conformance.vectors.Subject;
import java.util.Optional;
import java.util.Set;

/**
 * An implementation in another JVM project, checked through the suite's subject SPI
 * ({@code docs/conformance.md}, "JVM implementations"). It lives outside {@code io.podtopo} so that
 * it can use only what an implementer gets from the {@code io.podtopo:podtopo-conformance} artifact.
 *
 * <p>It implements two kinds its own way, without podtopo's domain: {@code policy-admit} (the
 * Topology Manager policies' {@code canAdmitPodResult}) and {@code smt-alignment-error-text} (the
 * kubelet's {@code SMTAlignmentError.Error()}); every other kind is unsupported, so its cases are
 * skipped, never passed.
 */
public final class ExampleSubject implements Subject {

  /** The kinds this subject implements. */
  public static final Set<String> KINDS = Set.of("policy-admit", "smt-alignment-error-text");

  @Override
  public String name() {
    return "example JVM subject";
  }

  @Override
  public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
    switch (kind) {
      case "policy-admit":
        return Optional.of(JsonNodeFactory.instance.objectNode().put("admit", admits(input)));
      case "smt-alignment-error-text":
        return Optional.of(JsonNodeFactory.instance.objectNode().put("message", smtAlignmentErrorText(input.get("error"))));
      default:
        return Optional.empty();
    }
  }

  /** best-effort and none admit every hint; restricted and single-numa-node only a preferred one. */
  private static boolean admits(JsonNode input) {
    String policy = input.get("policy").asText();
    switch (policy) {
      case "none":
      case "best-effort":
        return true;
      case "restricted":
      case "single-numa-node":
        return input.get("hint").get("preferred").asBoolean();
      default:
        throw new IllegalArgumentException("unknown Topology Manager policy " + policy);
    }
  }

  private static String smtAlignmentErrorText(JsonNode error) {
    if (error.path("causedByPhysicalCPUs").asBoolean(false)) {
      return "SMT Alignment Error: not enough free physical CPUs: available physical CPUs = "
          + error.path("availablePhysicalCPUs").asInt(0) + ", requested CPUs = " + error.get("requestedCPUs").asInt()
          + ", CPUs per core = " + error.get("cpusPerCore").asInt();
    }
    return "SMT Alignment Error: requested " + error.get("requestedCPUs").asInt()
        + " cpus not multiple cpus per core = " + error.get("cpusPerCore").asInt();
  }
}
