package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, {@code podtopo conformance properties --behaviour kubelet} against real testee processes:
 * podtopo's own testee in another JVM breaks only invariants its kubelet quirks explain (exit 0), each
 * counterexample written to {@code --out} and replayed by {@code conformance vectors --dir}; a testee
 * whose breaches podtopo's kubelet behaviour does not reproduce is UNEXPLAINED (exit 1); bad usage
 * exits 2 and a testee that dies exits 4. The last line is always
 * {@code N scenarios, K invariants broken, U unexplained}.
 */
class PropertiesCensusCommandTest {

  @TempDir
  Path dir;


  @Test
  void adr0008_podtoposKubeletBehaviourBreaksOnlyInvariantsItsQuirksExplain_eachCounterexampleReplays() {
    Path out = dir.resolve("census");

    CliRun run = CliRun.reference("conformance", "properties", "--behaviour", "kubelet", "--testee", TesteeCommands.podtopo(),
        "--seed", "2", "--examples", "40", "--out", out.toString());

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
    assertThat(run.lastOutLine()).isEqualTo("40 scenarios, 5 invariants broken, 0 unexplained");
    assertThat(run.outLines()).contains("INVARIANT  SCENARIOS  UNEXPLAINED  EXPLANATION OF THE COUNTEREXAMPLE",
        "       35         16            0  Q-stale-topology-hints",
        "           rule: Admission failure leaves no residual pod or container entries for that pod (after rollback/GC)",
        "replay:  ./podtopo conformance properties --behaviour kubelet --seed 2 --examples 40 --testee \""
            + TesteeCommands.podtopo().replace("\"", "\\\"") + "\"");
    assertThat(files(out)).containsExactly("seed-2-invariant-12.json", "seed-2-invariant-17.json",
        "seed-2-invariant-24.json", "seed-2-invariant-35.json", "seed-2-invariant-36.json");
    assertThat(run.err()).contains("podtopo: shrinking the counterexample of invariant 24");

    CliRun replayed = CliRun.reference("conformance", "vectors", "--dir", out.toString());
    assertThat(replayed.exitCode()).as(replayed.out()).isEqualTo(ExitCodes.OK);
    assertThat(replayed.lastOutLine()).isEqualTo("5 passed, 0 failed, 0 skipped");
  }

  @Test
  void aTesteeThatAdmitsEveryPodBreaksInvariantsNoQuirkExplains_unexplainedExitsOne() throws Exception {
    String testee = TesteeCommands.edited(TesteeCommands.podtopo(), "s/\"admitted\":false/\"admitted\":true/g");

    CliRun run = CliRun.reference("conformance", "properties", "--behaviour", "kubelet", "--testee", testee,
        "--seed", "2", "--examples", "10", "--format", "json");

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.FAILURES);
    JsonNode document = new ObjectMapper().readTree(run.out());
    assertThat(document.get("behaviour").asText()).isEqualTo("kubelet");
    assertThat(document.get("scenarios").asInt()).isEqualTo(10);
    assertThat(document.get("unexplained").asInt()).isPositive();
    assertThat(document.get("invariants")).anySatisfy(invariant -> {
      assertThat(invariant.get("explanation").get("explained").asBoolean()).isFalse();
      assertThat(invariant.get("unexplainedScenarios").asInt()).isPositive();
      assertThat(invariant.get("explanation").get("text").asText()).startsWith("UNEXPLAINED");
      assertThat(invariant.get("counterexample").get("file").isNull()).as("no --out").isTrue();
    });
  }

  @Test
  void badUsageExitsTwoAndATesteeThatDiesExitsFour() {
    CliRun outWithSpec = CliRun.reference("conformance", "properties", "--out", dir.toString(), "--examples", "1");
    assertThat(outWithSpec.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(outWithSpec.err()).startsWith("podtopo conformance properties: error: --out is written by a census");
    assertThat(CliRun.reference("conformance", "properties", "--behaviour", "both").exitCode())
        .isEqualTo(ExitCodes.USAGE);

    CliRun dies = CliRun.reference("conformance", "properties", "--behaviour", "kubelet", "--testee", "sh -c 'exit 3'",
        "--examples", "3");
    assertThat(dies.exitCode()).isEqualTo(ExitCodes.BROKEN_TESTEE);
    assertThat(dies.err()).contains("the testee broke: testee exited with code 3");
  }

  private static List<String> files(Path folder) {
    try (Stream<Path> listed = Files.list(folder)) {
      return listed.map(path -> path.getFileName().toString()).sorted().toList();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

}
