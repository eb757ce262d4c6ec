package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for scenario files: any file is exactly the steps it says, or one {@link InputException}
 * that names where the fault is. The scenario sits in a folder beside {@code pods/web.yaml},
 * {@code pods/db.yaml} and a copy of {@code examples/pods} and {@code examples/gpu-inference/pods},
 * with the pod {@code default/cache} given.
 *
 * <p>An accepted input's steps must equal those {@link ScenarioOracle} works out from the YAML by the
 * rules of {@code docs/guide/simulate.md} (each pod as its file reads, in order; each removal of the
 * pod the step names). A refused input's message must be one of the documented forms: the step and
 * field at fault first ({@code run.yaml: steps[2].remove.pod: ...}), the very step the oracle finds
 * at fault; or, for a file that is no list of steps, the file and the line
 * ({@code run.yaml: line 3: not UTF-8 text ...}). A step naming {@code /dev}, {@code /proc} or
 * {@code /sys} must be refused at that step, not read (such a file may never end). Replays
 * {@code ScenarioFileFuzzTestInputs/} (the scenarios of {@code docs/guide/simulate.md} and the
 * tests, and edge cases) in every build; {@code -Pfuzz} fuzzes it (docs/guide/fuzzing.md).
 */
class ScenarioFileFuzzTest {

  /** Pods as created through the API server, the gates at their v1.37 defaults (D-42). */
  private static final PodRoute API_SERVER = PodRoute.apiServer(FeatureGates.defaults());

  private static final String POD = """
      apiVersion: v1
      kind: Pod
      metadata: {name: %s}
      spec:
        containers:
          - name: app
            resources: {limits: {cpu: "2", memory: 1Gi}}
          - name: log
      """;

  /** The refusals of a file that is no list of steps, each naming the file and, when it has one, the line. */
  private static final List<Pattern> FILE_FAULTS = Stream.of(
      ": expected one YAML list of steps \\(- admit: \\.\\.\\. / - remove: \\.\\.\\.\\)",
      ": the scenario has no steps",
      ": malformed YAML: .* \\(line \\d+, column \\d+\\)",
      ": malformed YAML: .*exceeds the (maximum|limit).*",
      ": line \\d+: not UTF-8 text \\(byte 0x[0-9a-f]{2}\\); YAML and JSON files are read as UTF-8",
      ": line \\d+, column \\d+: YAML aliases are not supported: .*",
      ": larger than \\d+ (bytes|characters), the limit of a YAML file")
      .map(form -> Pattern.compile(Pattern.quote("SCENARIO") + form)).toList();

  private static Path folder;
  private static Path scenario;
  private static List<Pod> given;

  @BeforeAll
  static void writePods() throws IOException {
    folder = Files.createTempDirectory("podtopo-scenario-fuzz");
    Files.createDirectories(folder.resolve("pods"));
    Files.writeString(folder.resolve("pods/web.yaml"), POD.formatted("web"));
    Files.writeString(folder.resolve("pods/db.yaml"), POD.formatted("db"));
    for (String examples : List.of("pods/pod-scope", "pods/container-scope", "gpu-inference/pods")) {
      copy(Path.of("..", "examples").resolve(examples), folder.resolve("examples").resolve(examples));
    }
    given = PodManifests.read(Files.writeString(folder.resolve("cache.yaml"), POD.formatted("cache")),
        FieldValidation.strict(), API_SERVER);
    scenario = folder.resolve("run.yaml");
  }

  @AfterAll
  static void deletePods() throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(file);
      }
    }
  }

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aScenarioIsTheStepsItSaysOrAnInputErrorNamingTheFault_in1(byte[] content) throws IOException {
    Files.write(scenario, content);
    ScenarioOracle.Expected expected = ScenarioOracle.expect(scenario, given, FieldValidation.warn(), API_SERVER);

    if (expected.where().isEmpty()) {
      assertThat(ScenarioFile.read(scenario, given, FieldValidation.warn(), API_SERVER))
          .as("the steps of%n%s", text(content)).isEqualTo(expected.steps());
    } else if (expected.where().get().isEmpty()) {
      assertThatThrownBy(() -> ScenarioFile.read(scenario, given, FieldValidation.warn(), API_SERVER))
          .as("the refusal of%n%s", text(content)).isInstanceOf(InputException.class)
          .satisfies(e -> assertThat(FILE_FAULTS).as("a documented form of %s", e.getMessage())
              .anySatisfy(form -> assertThat(e.getMessage().replace(scenario.toString(), "SCENARIO")).matches(form)));
    } else {
      assertThatThrownBy(() -> ScenarioFile.read(scenario, given, FieldValidation.warn(), API_SERVER))
          .as("the refusal of%n%s", text(content)).isInstanceOf(InputException.class)
          .hasMessageStartingWith(scenario + ": " + expected.where().get() + ": ")
          .satisfies(e -> assertThat(e.getMessage()).as("one line").doesNotContain("\n", "\r"));
    }
  }

  private static String text(byte[] content) {
    return new String(content, java.nio.charset.StandardCharsets.UTF_8);
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        Files.copy(file, to.resolve(file.getFileName()));
      }
    }
  }
}
