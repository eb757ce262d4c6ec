package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.ports.in.ScenarioStep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scenario files: admit and remove steps in order, resolved and checked before anything runs. */
class ScenarioFileTest {

  /** Pods as created through the API server, the gates at their v1.37 defaults (D-42). */
  private static final PodRoute API_SERVER = PodRoute.apiServer(FeatureGates.defaults());

  private static final String POD = """
      apiVersion: v1
      kind: Pod
      metadata: {name: %s}
      spec:
        containers:
          - name: app
      """;

  @TempDir
  Path dir;

  @Test
  void stepsNamePodsGivenWithPodsOrFilesNextToTheScenario() throws IOException {
    Files.createDirectories(dir.resolve("pods"));
    Files.writeString(dir.resolve("pods/web.yaml"), POD.formatted("web"));
    Pod db = PodManifests.read(Files.writeString(dir.resolve("db.yaml"), POD.formatted("db")), FieldValidation.strict(), API_SERVER).get(0);
    Path scenario = Files.writeString(dir.resolve("run.yaml"), """
        - admit: pods/web.yaml
        - admit: default/db
        - remove: {pod: web, container: app}
        - remove: default/db
        """);

    ScenarioScript script = ScenarioFile.read(scenario, List.of(db), FieldValidation.strict(), API_SERVER);
    List<ScenarioStep> steps = script.steps();

    assertThat(steps).hasSize(4);
    assertThat(steps.get(0)).isInstanceOfSatisfying(ScenarioStep.Admit.class,
        admit -> assertThat(admit.pod().name()).isEqualTo("web"));
    assertThat(steps.get(1)).isEqualTo(ScenarioStep.admit(db));
    assertThat(steps.get(2)).isEqualTo(ScenarioStep.removeContainer("default/web", "app"));
    assertThat(steps.get(3)).isEqualTo(ScenarioStep.removePod(db.uid()));
    assertThat(script.podNames()).containsExactly("default/web", "default/db", "default/web", "default/db");
  }

  @Test
  void everyProblemNamesTheFileAndTheStep() throws IOException {
    Files.writeString(dir.resolve("web.yaml"), POD.formatted("web"));

    assertProblem("admit: web.yaml\n", "expected one YAML list of steps");
    assertProblem("- admit: nope.yaml\n", "steps[0].admit: \"nope.yaml\" is neither a pod given with --pods");
    assertProblem("- admit: web.yaml\n- start: web\n", "steps[1]: expected a mapping with one key");
    assertProblem("- admit: web.yaml\n- remove: {pod: web, container: nope}\n",
        "steps[1].remove.container: pod default/web has no init or app container \"nope\"");
    assertProblem("- remove: {pod: web, container: app}\n", "steps[0].remove.pod: pod default/web is not admitted");
    assertProblem("- admit: [web.yaml]\n", "steps[0].admit: expected a name or a path, found a list");
  }

  /** IN-1: a step never reads a file that may stream or block without end; it is refused at that step. */
  @Test
  void aDeviceOrAKernelFileIsRefusedAtItsStepUnread_in1() throws IOException {
    assertProblem("- admit: /dev/zero\n", "steps[0].admit: \"/dev/zero\" is not a Pod file or folder (a device, a pipe or a socket)");
    assertProblem("- admit: /proc/kmsg\n", "steps[0].admit: \"/proc/kmsg\" is on the kernel's proc file system, not a Pod file or folder");
    assertProblem("- admit: /sys/devices/system/cpu\n", "steps[0].admit: \"/sys/devices/system/cpu\" is on the kernel's sysfs file system");
  }

  /** IN-1: a message is one line, whatever a name holds. */
  @Test
  void aNameHoldingANewlineCannotSplitTheMessage_in1() throws IOException {
    assertProblem("- remove: \"web\\nsteps[9]: forged\"\n", "steps[0].remove: pod default/web\\nsteps[9]: forged is not admitted");
  }

  private void assertProblem(String text, String problem) throws IOException {
    Path scenario = Files.writeString(dir.resolve("scenario.yaml"), text);

    assertThatThrownBy(() -> ScenarioFile.read(scenario, List.of(), FieldValidation.strict(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(scenario + ": " + problem);
  }
}
