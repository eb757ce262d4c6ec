package io.podtopo.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The embedding example of the library guide runs as written (issue 8: "the same wiring another
 * project would use to embed podtopo, documented with a runnable example"): {@code java -cp ...
 * examples/embed/EmbedAgent.java} from the project root, as a separate program.
 */
class EmbedAgentExampleTest {

  @Test
  void theEmbeddingExampleRunsAndShowsThePodItsAgentAdmitted() throws IOException, InterruptedException {
    String java = ProcessHandle.current().info().command().orElse("java");
    Process example = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
        "examples/embed/EmbedAgent.java"))
        .directory(Path.of("..").toFile()).redirectErrorStream(true).start();
    String output = new String(example.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(example.waitFor(120, TimeUnit.SECONDS)).as(output).isTrue();

    assertThat(example.exitValue()).as(output).isZero();
    assertThat(output).contains("\"event\":\"admitted\",\"file\":\"02-mixed.yaml\",\"pod\":\"default/pod-scope-mixed\"")
        .containsPattern("pod default/pod-scope-mixed: cpu_ids [0-9,-]+\\n")
        .contains("  container logging-sidecar: cpu_ids (none: it runs on the pod shared pool)")
        .containsPattern("  pod shared pool: [0-9]+\\n");
  }
}
