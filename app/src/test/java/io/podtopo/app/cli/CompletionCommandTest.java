package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.conformance.vectors.VectorKinds;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24 item 9: {@code podtopo completion} prints a bash script that completes every value an
 * option takes from a list, from the same sources the commands read: each test sources the script
 * in bash, sets {@code COMP_WORDS} and {@code COMP_CWORD} as bash does on TAB, calls the function
 * the script registered for {@code podtopo} and reads {@code COMPREPLY}.
 */
class CompletionCommandTest {

  /** Sources the script ($1), completes the words given after it as bash would, prints COMPREPLY. */
  private static final String COMPLETE = """
      source "$1" 2>/dev/null
      COMP_WORDS=("${@:2}")
      COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      completer=$(complete -p podtopo | sed -E 's/.* -F ([^ ]+) .*/\\1/')
      "$completer" podtopo "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}" 2>/dev/null
      printf '%s\\n' "${COMPREPLY[@]}"
      """;

  @TempDir
  Path dir;
  private Path script;

  @BeforeEach
  void writeTheScript() throws IOException {
    CliRun completion = CliRun.reference("completion");
    assertThat(completion.exitCode()).as(completion.err()).isZero();
    script = Files.writeString(dir.resolve("podtopo.bash"), completion.out());
    Files.writeString(dir.resolve("node7.json"), "{}");
  }

  @Test
  void issue24_item9_behaviourCompletesKubeletAndSpecInEveryCommandThatTakesIt() throws Exception {
    assertThat(complete("podtopo", "simulate", "--behaviour", "")).containsExactly("kubelet", "spec");
    assertThat(complete("podtopo", "agent", "--behaviour", "s")).containsExactly("spec");
    assertThat(complete("podtopo", "conformance", "properties", "--behaviour", "")).containsExactly("kubelet", "spec");
  }

  @Test
  void issue24_item9_machineCompletesTheNamesPodtopoMachinesListsAndFiles() throws Exception {
    List<String> names = MachineCatalog.bundled().names();

    assertThat(complete("podtopo", "simulate", "--machine", "")).containsAll(names).contains("node7.json")
        .hasSize(names.size() + 2);
    assertThat(complete("podtopo", "topology", "--machine", "epyc")).containsExactly("epyc-9654-2s-nps1",
        "epyc-9654-2s-nps4");
    assertThat(complete("podtopo", "conformance", "speed", "--machine", "node")).containsExactly("node7.json");
    assertThat(complete("podtopo", "inspect", "--machine", "gpu")).containsExactly("gpu-2s");
    assertThat(complete("podtopo", "agent", "--machine", "demo")).containsExactly("demo-2s");
  }

  @Test
  void issue24_item9_kindCompletesTheVectorKinds() throws Exception {
    assertThat(complete("podtopo", "conformance", "vectors", "--kind", ""))
        .containsExactlyElementsOf(VectorKinds.reference().names());
    assertThat(complete("podtopo", "conformance", "vectors", "--kind", "merge")).containsExactly("merge-hints");
  }

  @Test
  void issue24_item9_explainHintsScopeAndCgroupDriverCompleteTheirValues() throws Exception {
    assertThat(complete("podtopo", "simulate", "--explain-hints", "")).containsExactly("summary", "full");
    assertThat(complete("podtopo", "audit", "--scope", "")).containsExactly("pod", "container");
    assertThat(complete("podtopo", "agent", "--cgroup-driver", "")).containsExactly("cgroupfs", "systemd");
  }

  @Test
  void issue24_item9_formatCompletesTheFormatsOfEachCommand() throws Exception {
    assertThat(complete("podtopo", "simulate", "--format", "")).containsExactly("table", "json", "html");
    assertThat(complete("podtopo", "machines", "--format", "")).containsExactly("table", "json");
    assertThat(complete("podtopo", "conformance", "vectors", "--format", "")).containsExactly("table", "json", "junit");
  }

  @Test
  void commandsAndOptionsAreCompleted() throws Exception {
    assertThat(complete("podtopo", "")).contains("simulate", "machines", "completion");
    assertThat(complete("podtopo", "simulate", "--kubelet-")).containsExactly("--kubelet-config", "--kubelet-state");
  }

  /** What bash offers on TAB after {@code words}, the last one being the word under the cursor. */
  private List<String> complete(String... words) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", "-c", COMPLETE, "bash", script.toString()));
    command.addAll(List.of(words));
    Process bash = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(bash.exitValue()).as(out).isZero();
    return out.lines().filter(line -> !line.isEmpty()).toList();
  }
}
