package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Runs vector cases against a subject and compares each output with the kind's comparator. A case
 * of a kind the suite has no comparator for, or that the subject does not support, is skipped.
 */
public final class VectorRunner {

  private final VectorKinds kinds;

  public VectorRunner(VectorKinds kinds) {
    this.kinds = kinds;
  }

  /** Runs one case. */
  public CaseResult run(Subject subject, VectorCase vectorCase) {
    Optional<VectorKind> kind = kinds.find(vectorCase.kind());
    if (kind.isEmpty()) {
      return new CaseResult(vectorCase, CaseResult.Status.SKIPPED, null, List.of("kind not implemented by the suite"));
    }
    Optional<JsonNode> output;
    try {
      output = subject.run(vectorCase.id(), vectorCase.kind(), vectorCase.input());
    } catch (RuntimeException e) {
      return new CaseResult(vectorCase, CaseResult.Status.FAILED, null,
          List.of("subject failed: " + e.getClass().getSimpleName() + ": " + e.getMessage()));
    }
    if (output.isEmpty()) {
      return new CaseResult(vectorCase, CaseResult.Status.SKIPPED, null, List.of("kind not supported by the subject"));
    }
    Verdict verdict;
    try {
      verdict = kind.get().compare(vectorCase.input(), vectorCase.expect(), output.get());
    } catch (RuntimeException e) {
      verdict = Verdict.fail("output could not be compared: " + e.getMessage());
    }
    return new CaseResult(vectorCase, verdict.passed() ? CaseResult.Status.PASSED : CaseResult.Status.FAILED,
        output.get(), verdict.differences());
  }

  /** Runs every case of the files, in file order. */
  public List<CaseResult> runAll(Subject subject, List<VectorFile> files) {
    List<CaseResult> results = new ArrayList<>();
    for (VectorFile file : files) {
      for (VectorCase vectorCase : file.cases()) {
        results.add(run(subject, vectorCase));
      }
    }
    return results;
  }
}
