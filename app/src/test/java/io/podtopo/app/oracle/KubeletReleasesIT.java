package io.podtopo.app.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.ProcessSubject;
import io.podtopo.conformance.vectors.RunSummary;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.VectorRun;
import io.podtopo.conformance.vectors.VectorRunner;
import io.podtopo.domain.quirks.KubeletRelease;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * ADR 0008's per-release table, from oracle runs: each quirk's case at every pinned release, and
 * the claim that the patch releases podtopo names alike ({@link KubeletRelease#DECIDING_ALIKE})
 * answer every bundled vector as the one it reproduces.
 */
class KubeletReleasesIT {

  private static final Path ADR = KubeletOracle.launcher().getParent().resolveSibling("docs")
      .resolve("adr").resolve("0008-kubelet-quirks.md");

  private static final VectorRunner RUNNER = new VectorRunner(VectorKinds.reference());

  @Test
  void adr0008sTableSaysForEveryReleaseWhatItsOracleAnswers() throws IOException {
    ReleaseTable table = ReleaseTable.read(Files.readString(ADR));
    assertThat(table.releases()).containsExactlyInAnyOrderElementsOf(KubeletOracle.pinnedReleases());
    Map<String, VectorCase> cases = VectorFile.bundled().stream().flatMap(file -> file.cases().stream())
        .collect(Collectors.toMap(VectorCase::id, Function.identity()));
    List<String> wrong = new ArrayList<>();
    for (String release : table.releases()) {
      KubeletOracle oracle = KubeletOracle.at(release);
      try (ProcessSubject subject = oracle.testee()) {
        for (ReleaseTable.Row row : table.rows()) {
          VectorCase quirkCase = cases.get(row.caseId());
          assertThat(quirkCase).as("the case of %s, %s", row.quirk(), row.caseId()).isNotNull();
          String observed = cell(RUNNER.run(subject, quirkCase), row.retired());
          String claimed = row.cells().get(release);
          if (!claimed.startsWith(observed)) {
            wrong.add(row.quirk() + " at " + release + ": the table says \"" + claimed + "\", the oracle gives "
                + observed);
          }
        }
      }
    }
    assertThat(wrong).isEmpty();
  }

  /**
   * "yes": the release decides as the quirk says (a quirk's case passes; a retired quirk's case, which
   * states the fixed behaviour, fails); "no": it does not; "n/a": the release cannot answer the case.
   */
  private static String cell(CaseResult result, boolean retired) {
    return switch (result.status()) {
      case PASSED -> retired ? "no" : "yes";
      case FAILED -> retired ? "yes" : "no";
      default -> "n/a";
    };
  }

  @Test
  void thePatchReleasesNamedAlikeAnswerEveryBundledVectorAsTheReleaseReproduced() {
    Map<String, String> counts = new LinkedHashMap<>();
    for (String release : KubeletRelease.DECIDING_ALIKE) {
      VectorRun run;
      try (ProcessSubject subject = KubeletOracle.at(release).testee()) {
        run = RUNNER.runAll(subject, VectorFile.bundled());
      }
      RunSummary summary = RunSummary.of(run);
      assertThat(run.broken()).as(release).isEmpty();
      assertThat(summary.failures()).as(release + ": " + summary.failures().stream()
          .map(failure -> failure.vectorCase().id()).toList()).isEmpty();
      counts.put(release, summary.totalsLine());
    }
    assertThat(counts.values().stream().distinct()).as(counts.toString()).hasSize(1);
  }
}
