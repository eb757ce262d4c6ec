package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for scenario files: any file is steps whose pods were given with {@code --pods} or read
 * from the files next to it, or one {@link InputException}. The scenario sits in a folder beside
 * {@code pods/web.yaml} and {@code pods/db.yaml}, with the pod {@code default/cache} given; steps
 * that name the host's {@code /proc}, {@code /sys} or {@code /dev} are left out (a scenario may name
 * any file, and those never end). Replays {@code ScenarioFileFuzzTestInputs/} (the scenarios of
 * {@code docs/guide/simulate.md} and the tests) in every build; {@code -Pfuzz} fuzzes it
 * (docs/guide/fuzzing.md).
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

  private static Path folder;
  private static List<Pod> given;

  @BeforeAll
  static void writePods() throws IOException {
    folder = Files.createTempDirectory("podtopo-scenario-fuzz");
    Files.createDirectories(folder.resolve("pods"));
    Files.writeString(folder.resolve("pods/web.yaml"), POD.formatted("web"));
    Files.writeString(folder.resolve("pods/db.yaml"), POD.formatted("db"));
    given = PodManifests.read(Files.writeString(folder.resolve("cache.yaml"), POD.formatted("cache")),
        FieldValidation.strict(), API_SERVER);
  }

  @AfterAll
  static void deletePods() throws IOException {
    for (String file : List.of("pods/web.yaml", "pods/db.yaml", "pods", "cache.yaml", "run.yaml")) {
      Files.deleteIfExists(folder.resolve(file));
    }
    Files.delete(folder);
  }

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aScenarioIsStepsOrAnInputError_in1(byte[] content) throws IOException {
    String text = new String(content, StandardCharsets.UTF_8);
    if (List.of("/proc", "/sys", "/dev").stream().anyMatch(text::contains)) {
      return;
    }
    Path scenario = Files.write(folder.resolve("run.yaml"), content);
    try {
      assertThat(ScenarioFile.read(scenario, given, FieldValidation.warn(), API_SERVER)).isNotEmpty();
    } catch (InputException e) {
      assertThat(e.getMessage()).isNotBlank();
    }
  }
}
