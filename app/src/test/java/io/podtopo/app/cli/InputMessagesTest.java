package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 24 item 6: every reader names the user's file, and the line or field where it knows them, in
 * the user's terms: a file that is not UTF-8, one nested too deep, a JSON syntax error, a number too
 * large for a {@code double} ({@code 1e400}) in Pod manifests, kubelet configurations, scenario
 * files, machine files, device mappings and vector files. Never Jackson's or fabric8's words.
 */
class InputMessagesTest {

  private static final List<String> LIBRARY_WORDS = List.of("REDACTED", "StreamReadConstraints", "Input length",
      "Infinity", "io.fabric8", "com.fasterxml", "java.");
  private static final String KUBELET = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
  private static final String DEEP_YAML = "a: " + "[".repeat(65) + "]".repeat(65) + "\n";
  private static final String DEEP_JSON = "{\"cpus\": " + "[".repeat(1001) + "]".repeat(1001) + "}";
  private static final String MACHINE = "{\"cpus\": [{\"id\": 0, \"socket\": 0, \"core\": 0, \"numa\": 0}], "
      + "\"numaNodes\": [{\"id\": 0, \"cpus\": \"0\", \"memoryBytes\": 1e400}]}";

  @TempDir
  Path dir;

  /**
   * Command, the file's name, its content (each character one byte, so that {@code \u0080} is the byte
   * 0x80), the arguments (FILE: the file, DIR: its folder), the one line refusing it.
   */
  static Stream<List<String>> hostileInputs() {
    return Stream.of(
        List.of("simulate", "pods.yaml", "apiVersion: v1\nkind: Pod\n\u0080\n", "--pods FILE",
            "FILE: line 3: not UTF-8 text (byte 0x80); YAML and JSON files are read as UTF-8"),
        List.of("simulate", "kubelet.yaml", "\u00ff\u00feapiVersion", "--kubelet-config FILE",
            "FILE: line 1: not UTF-8 text (byte 0xff); YAML and JSON files are read as UTF-8"),
        List.of("simulate", "steps.yaml", "- admit: w\u00e9b\n", "--scenario FILE",
            "FILE: line 1: not UTF-8 text (byte 0xe9); YAML and JSON files are read as UTF-8"),
        List.of("topology", "devices.conf", "10de 2330 0302 nvidia.com/gpu \u0080\n",
            "--machine demo-2s --device-mapping FILE",
            "--device-mapping: FILE: not UTF-8 text; a device mapping is read as UTF-8"),
        List.of("conformance vectors", "vectors/a.json", "\u0080{\"cases\": []}", "--dir DIR",
            "FILE: not JSON: Invalid UTF-8 start byte 0x80 (line 1, column 2)"),
        List.of("simulate", "pods.yaml", DEEP_YAML, "--pods FILE",
            "FILE: document 1: malformed YAML: Document nesting depth (65) exceeds the maximum allowed (64)"),
        List.of("simulate", "kubelet.yaml", DEEP_YAML, "--kubelet-config FILE",
            "FILE: document 1: malformed YAML: Document nesting depth (65) exceeds the maximum allowed (64)"),
        List.of("simulate", "steps.yaml", DEEP_YAML, "--scenario FILE",
            "FILE: malformed YAML: Document nesting depth (65) exceeds the maximum allowed (64)"),
        List.of("simulate", "machine.json", DEEP_JSON, "--machine FILE",
            "FILE: malformed JSON: Document nesting depth (1001) exceeds the maximum allowed (1000)"),
        List.of("conformance vectors", "vectors/a.json", DEEP_JSON, "--dir DIR",
            "FILE: not JSON: Document nesting depth (1001) exceeds the maximum allowed (1000)"),
        List.of("conformance vectors", "vectors/a.json", "{\"cases\": [1,,]}", "--dir DIR",
            "FILE: not JSON: Unexpected character (',' (code 44)): expected a value (line 1, column 14)"),
        List.of("simulate", "kubelet.yaml", KUBELET + "kubeReserved: {cpu: 1e400}\n", "--kubelet-config FILE",
            "FILE: kubeReserved.cpu: invalid quantity \"1E+400\": exponent out of range"),
        List.of("simulate", "kubelet.yaml", KUBELET + "maxPods: 1e400\n", "--kubelet-config FILE",
            "FILE: maxPods: must be a positive integer, got 1E+400"),
        List.of("simulate", "steps.yaml", "- admit: 1e400\n", "--scenario FILE",
            "FILE: steps[0].admit: expected a name or a path, found 1E+400"),
        List.of("simulate", "machine.json", MACHINE, "--machine FILE",
            "FILE: numaNodes[0].memoryBytes: expected a whole number, found 1E+400"),
        List.of("simulate", "pods.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n"
            + "  activeDeadlineSeconds: 1e400\n  containers:\n  - name: app\n", "--pods FILE",
            "FILE: document 1: spec.activeDeadlineSeconds: Numeric value (1E+400) out of range of long "
                + "(-9223372036854775808 - 9223372036854775807)"));
  }

  @ParameterizedTest(name = "{0} {1}: {4}")
  @MethodSource("hostileInputs")
  void issue24_item6_aHostileInputIsOneLineNamingTheFileInTheUsersTerms(List<String> row) throws IOException {
    Path file = dir.resolve(row.get(1));
    Files.createDirectories(file.getParent());
    Files.write(file, row.get(2).getBytes(StandardCharsets.ISO_8859_1));
    List<String> args = new ArrayList<>(List.of(row.get(0).split(" ")));
    Stream.of(row.get(3).split(" ")).map(word -> placed(word, file)).forEach(args::add);

    CliRun run = CliRun.reference(args.toArray(String[]::new));

    assertThat(run.err()).isEqualTo("podtopo " + row.get(0) + ": error: " + placed(row.get(4), file)
        + System.lineSeparator());
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(LIBRARY_WORDS).noneMatch(run.err()::contains);
  }

  @Test
  void issue24_item6_aNumberTooLargeForADoubleIsShownAsWrittenInTheInputOfAFailedVector() throws IOException {
    Path vectors = Files.createDirectory(dir.resolve("vectors"));
    Files.writeString(vectors.resolve("a.json"), "{\"cases\": [{\"id\": \"huge\", \"kind\": \"merge-hints\", "
        + "\"input\": {\"numReservedCPUs\": 1e400}, \"expect\": {}}]}");

    CliRun run = CliRun.reference("conformance", "vectors", "--dir", vectors.toString());

    assertThat(run.exitCode()).isEqualTo(ExitCodes.FAILURES);
    assertThat(run.outLines()).contains("  input:    {\"numReservedCPUs\":1E+400}");
    assertThat(run.out()).doesNotContain("Infinity");
  }

  private static String placed(String text, Path file) {
    return text.replace("FILE", file.toString()).replace("DIR", file.getParent().toString());
  }
}
