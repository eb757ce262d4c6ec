package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23, {@code podtopo conformance differential} against real testee processes: podtopo's own
 * testee in another JVM differs nowhere (exit 0); the same testee with its rejections turned into
 * admissions differs, each difference written as a vector file that replays the testee's answer
 * (exit 1); bad usage exits 2 and a testee that dies exits 4. The last line is always
 * {@code N scenarios, A admissions, D differences}.
 */
class DifferentialCommandTest {

  private static final String LAST_LINE = "\\d+ scenarios, \\d+ admissions, \\d+ differences";

  @TempDir
  Path dir;


  @Test
  void podtopoAgainstItsOwnTesteeDiffersNowhere() {
    Path out = dir.resolve("out");
    CliRun run = CliRun.reference("conformance", "differential", "--testee", TesteeCommands.podtopo(), "--seed", "5",
        "--scenarios", "15", "--out", out.toString());

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.OK);
    assertThat(run.lastOutLine()).matches("15 scenarios, \\d+ admissions, 0 differences");
    assertThat(run.outLines()).contains("replay:  ./podtopo conformance differential --seed 5 --scenarios 15 --testee \""
        + TesteeCommands.podtopo() + "\"");
    assertThat(out).doesNotExist();
  }

  @Test
  void aTesteeThatAdmitsEveryPodDiffersAndEachDifferenceReplaysAsAVectorFile() throws Exception {
    String testee = TesteeCommands.edited(TesteeCommands.podtopo(), "s/\"admitted\":false/\"admitted\":true/g");
    Path out = dir.resolve("found");

    // 5 scenarios: nearly every one differs and each difference is shrunk through the testee, the
    // test's longest part (15 took 23 to 40 s); 5 give several differences, each checked the same
    CliRun run = CliRun.reference("conformance", "differential", "--testee", testee, "--seed", "5",
        "--scenarios", "5", "--out", out.toString());

    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(ExitCodes.FAILURES);
    assertThat(run.lastOutLine()).matches(LAST_LINE).doesNotEndWith(" 0 differences");
    List<Path> files;
    try (Stream<Path> listed = Files.list(out)) {
      files = listed.sorted().toList();
    }
    assertThat(files).hasSizeGreaterThan(1)
        .allMatch(file -> file.getFileName().toString().matches("seed-5-\\d+\\.json"));
    assertThat(run.outLines()).filteredOn(line -> line.startsWith("DIFFERENCE at scenario ")).hasSize(files.size());
    assertThat(run.err()).contains("podtopo: difference at scenario ");

    CliRun replayed = CliRun.reference("conformance", "vectors", "--dir", out.toString(), "--testee", testee);
    assertThat(replayed.exitCode()).as(replayed.out()).isEqualTo(ExitCodes.OK);
    CliRun againstPodtopo = CliRun.reference("conformance", "vectors", "--dir", out.toString());
    assertThat(againstPodtopo.exitCode()).isEqualTo(ExitCodes.FAILURES);
  }

  @Test
  void badUsageExitsTwoAndATesteeThatDiesExitsFour() {
    assertThat(CliRun.reference("conformance", "differential", "--scenarios", "3").exitCode())
        .as("--testee is required").isEqualTo(ExitCodes.USAGE);
    assertThat(CliRun.reference("conformance", "differential", "--testee", "true", "--scenarios", "0").exitCode())
        .isEqualTo(ExitCodes.USAGE);

    CliRun dies = CliRun.reference("conformance", "differential", "--testee", "sh -c 'exit 3'", "--scenarios", "3",
        "--out", dir.resolve("none").toString());
    assertThat(dies.exitCode()).isEqualTo(ExitCodes.BROKEN_TESTEE);
    assertThat(dies.err()).contains("the testee broke: testee exited with code 3");
  }

}
