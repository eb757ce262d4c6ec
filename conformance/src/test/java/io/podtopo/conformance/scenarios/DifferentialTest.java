package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.Subject;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKinds;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Differential}: podtopo against itself differs nowhere; a testee that answers one field
 * otherwise is caught at every scenario where the field shows, each difference shrunk and written as
 * a vector file that replays it (the testee's answer as expectation, podtopo's beside it).
 */
class DifferentialTest {

  private static final ReferenceSubject REFERENCE = new ReferenceSubject(VectorKinds.reference());

  @TempDir
  Path dir;

  /** The reference's answers, changed by {@code change}; counts the requests asking for every outcome. */
  private static final class Changed implements Subject {
    private final UnaryOperator<ObjectNode> change;
    int allOutcomes;

    Changed(UnaryOperator<ObjectNode> change) {
      this.change = change;
    }

    @Override
    public String name() {
      return "changed";
    }

    @Override
    public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
      if (input.path("outcomes").asText().equals("all")) {
        allOutcomes++;
      }
      return REFERENCE.run(caseId, kind, input).map(answer -> change.apply((ObjectNode) answer.deepCopy()));
    }
  }

  private static final class Found implements Differential.Listener {
    final List<ObjectNode> files = new ArrayList<>();
    int lastScenarios;
    int crashes;

    @Override
    public void found(Differential.Difference difference, ObjectNode file) {
      files.add(file);
    }

    @Override
    public void kubeletCrashed(Differential.Difference crash, ObjectNode file) {
      crashes++;
    }

    @Override
    public void scenarioDone(int scenarios, long admissions, int differences) {
      lastScenarios = scenarios;
    }
  }

  @Test
  void podtopoAgainstItselfDiffersNowhereAndAsksForOneOutcomeOnly() {
    Changed same = new Changed(answer -> answer);
    Found found = new Found();

    Differential.Report report = new Differential(same).run(7L, 40, found);

    assertThat(report.differences()).isEmpty();
    assertThat(report.scenarios()).isEqualTo(40);
    assertThat(found.lastScenarios).isEqualTo(40);
    assertThat(report.admissions()).as("4 to 24 operations, most of them admissions").isGreaterThan(40 * 3);
    assertThat(same.allOutcomes).isZero();
    assertThat(found.crashes).isZero();
  }

  /**
   * A testee that runs a slow scenario too few times to meet every outcome (seed 10, scenario 1614):
   * its first answers, and its first two answers of every outcome, lack podtopo's; the third has it.
   * Asked for every outcome again, it shows it: no difference.
   */
  @Test
  void aTesteeThatMissesAnOutcomeWhenFirstAskedForAllIsAskedAgain() {
    Map<String, Integer> allAsks = new HashMap<>();
    Subject missesAtFirst = new Subject() {
      @Override
      public String name() {
        return "misses-at-first";
      }

      @Override
      public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
        Optional<JsonNode> right = REFERENCE.run(caseId, kind, input);
        boolean all = input.path("outcomes").asText().equals("all");
        if (all && allAsks.merge(input.toString(), 1, Integer::sum) >= 3) {
          return right;
        }
        return right.map(answer -> {
          ObjectNode wrong = (ObjectNode) answer.deepCopy();
          wrong.put("reservedCpus", "0-63");
          return wrong;
        });
      }
    };
    Found found = new Found();

    Differential.Report report = new Differential(missesAtFirst).run(7L, 5, found);

    assertThat(report.differences()).isEmpty();
    assertThat(allAsks.values()).as("each scenario asked for every outcome three times").containsOnly(3);
  }

  /**
   * A testee whose kubelet crashes or hangs outside an admission (the oracle's error "would crash: ..."
   * or "no answer: ...", as the testee process words it: "testee error: ...") on some scenario:
   * explained, counted apart, never a difference.
   */
  @ParameterizedTest
  @ValueSource(strings = {"would crash: kubelet v1.37.2 panicked: runtime error",
      "testee error: would crash: kubelet v1.37.2 panicked: runtime error",
      "testee error: no answer: kubelet v1.37.2 did not return within 8m6s"})
  void aKubeletCrashOrHangOutsideAnAdmissionIsExplainedNotADifference(String error) {
    AtomicInteger crashedAnswers = new AtomicInteger();
    Subject crashesOnRestarts = new Subject() {
      @Override
      public String name() {
        return "crashes-on-restarts";
      }

      @Override
      public Optional<JsonNode> run(String caseId, String kind, JsonNode input) {
        boolean restarts = false;
        for (JsonNode step : input.path("steps")) {
          restarts |= step.has("restart");
        }
        if (restarts) {
          crashedAnswers.incrementAndGet();
          throw new IllegalStateException(error);
        }
        return REFERENCE.run(caseId, kind, input);
      }
    };
    Found found = new Found();

    Differential.Report report = new Differential(crashesOnRestarts).run(7L, 40, found);

    assertThat(report.differences()).isEmpty();
    assertThat(report.kubeletCrashes()).isNotEmpty().hasSize(found.crashes);
    assertThat(crashedAnswers.get()).as("a scenario the kubelet crashes on is asked once")
        .isEqualTo(report.kubeletCrashes().size());
  }

  @Test
  void aTesteeThatAdmitsEveryPodIsCaughtShrunkAndWrittenAsAVectorFileThatReplaysIt() throws Exception {
    Changed admitsAll = new Changed(answer -> {
      answer.get("steps").forEach(step -> {
        JsonNode decision = step.get("decision");
        if (decision != null && decision.isObject()) {
          ((ObjectNode) decision).put("admitted", true).putNull("reason").putNull("message");
        }
      });
      return answer;
    });
    Found found = new Found();

    Differential.Report report = new Differential(admitsAll).run(7L, 40, found);

    assertThat(report.differences()).isNotEmpty().hasSize(found.files.size());
    for (Differential.Difference difference : report.differences()) {
      assertThat(difference.differences()).anyMatch(line -> line.contains("decision.admitted: expected false"));
      assertThat(difference.scenario().steps().size()).isLessThanOrEqualTo(difference.operations() * 2);
    }
    assertThat(report.differences()).anyMatch(d -> d.scenario().steps().size() == 1);
    assertThat(admitsAll.allOutcomes).as("every difference is confirmed on every outcome").isPositive();

    ObjectNode file = found.files.get(0);
    Files.writeString(dir.resolve("difference.json"), file.toPrettyString());
    VectorFile written = VectorFile.inDirectory(dir).get(0);
    assertThat(written.cases()).singleElement().satisfies(vectorCase -> {
      assertThat(vectorCase.kind()).isEqualTo(NodeScenarioKind.NAME);
      JsonNode podtopo = file.get("cases").get(0).get("podtopo");
      assertThat(ScenarioComparator.compare(vectorCase.expect(), admitsAll.run("", NodeScenarioKind.NAME,
          vectorCase.input()).orElseThrow()).passed()).as("replays the testee's answer").isTrue();
      assertThat(ScenarioComparator.compare(vectorCase.expect(), podtopo).passed()).as("not podtopo's").isFalse();
    });
  }
}
