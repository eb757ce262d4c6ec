package io.podtopo.conformance.vectors;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * Runs vector cases against a subject and compares each output with the kind's comparator. A case
 * of a kind the suite has no comparator for, or that the subject does not support (with the reason
 * it gives, if any), is skipped. A
 * subject that breaks ({@link BrokenSubjectException}) ends the run: the case it broke on and every
 * later one are not run, and the run carries the break once.
 */
public final class VectorRunner {

  /**
   * Why a case the subject does not support is skipped; followed by {@code ": <reason>"} when the
   * subject gave one ({@link KindNotSupportedException}).
   */
  public static final String NOT_SUPPORTED = "kind not supported by the subject";

  private final VectorKinds kinds;

  public VectorRunner(VectorKinds kinds) {
    this.kinds = kinds;
  }

  /**
   * Runs one case.
   *
   * @throws BrokenSubjectException when the subject can answer no further case
   */
  public CaseResult run(Subject subject, VectorCase vectorCase) {
    Optional<VectorKind> kind = kinds.find(vectorCase.kind());
    if (kind.isEmpty()) {
      return new CaseResult(vectorCase, CaseResult.Status.SKIPPED, null, List.of("kind not implemented by the suite"));
    }
    Optional<JsonNode> output;
    try {
      output = subject.run(vectorCase.id(), vectorCase.kind(), vectorCase.input());
    } catch (BrokenSubjectException e) {
      throw e;
    } catch (KindNotSupportedException e) {
      return new CaseResult(vectorCase, CaseResult.Status.SKIPPED, null, List.of(NOT_SUPPORTED + ": " + e.reason()));
    } catch (RuntimeException e) {
      return new CaseResult(vectorCase, CaseResult.Status.FAILED, null,
          List.of("subject failed: " + e.getClass().getSimpleName() + ": " + e.getMessage()));
    }
    if (output.isEmpty()) {
      return new CaseResult(vectorCase, CaseResult.Status.SKIPPED, null, List.of(NOT_SUPPORTED));
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

  /** Runs every case of the files, in file order, until the subject breaks. */
  public VectorRun runAll(Subject subject, List<VectorFile> files) {
    return run(subject, files.stream().flatMap(f -> f.cases().stream()).toList(), done -> { });
  }

  /**
   * Runs the cases in order until the subject breaks; {@code progress} is told how many cases are
   * done after each one.
   */
  public VectorRun run(Subject subject, List<VectorCase> cases, IntConsumer progress) {
    List<CaseResult> results = new ArrayList<>();
    for (VectorCase vectorCase : cases) {
      try {
        results.add(run(subject, vectorCase));
      } catch (BrokenSubjectException e) {
        cases.subList(results.size(), cases.size()).forEach(c -> results.add(CaseResult.notRun(c)));
        return new VectorRun(results, Optional.of(e.at(vectorCase)));
      }
      progress.accept(results.size());
    }
    return new VectorRun(results, Optional.empty());
  }
}
