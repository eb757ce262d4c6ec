package io.podtopo.app.input;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.app.Main;
import io.podtopo.app.PodtopoComponent;
import io.podtopo.conformance.generators.MalformedInputs;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.InvalidQuantityException;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuListFormatException;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, inputs checked like kubectl does: generated malformed quantities, cpulists, machine
 * shapes and Pod manifests ({@link MalformedInputs}) end in a result or in the reader's own user
 * error, never in another exception; through the command line, in exit 0 or exit 2 with exactly one
 * error line on standard error (after any {@code Warning:} lines of unknown fields) and nothing on
 * standard output, never in an internal error (exit 3).
 */
class MalformedInputProperties {

  /** Pods as created through the API server, the gates at their v1.37 defaults (D-42). */
  private static final PodRoute API_SERVER = PodRoute.apiServer(FeatureGates.defaults());

  private static final int EXAMPLES = 300;
  private static final int CLI_EXAMPLES = 40;
  private static final MachineCatalog CATALOG = MachineCatalog.bundled();

  @TempDir
  Path dir;

  @Test
  void aQuantityIsParsedOrAnInvalidQuantity() {
    qt().withExamples(EXAMPLES).forAll(MalformedInputs.quantities()).checkAssert(text -> {
      try {
        Quantity.parse(text);
        Quantity.parseMillis(text);
      } catch (InvalidQuantityException e) {
        assertThat(e.getMessage()).isNotBlank();
      }
    });
  }

  @Test
  void aCpulistIsParsedOrACpuListFormatError() {
    qt().withExamples(EXAMPLES).forAll(MalformedInputs.cpulists()).checkAssert(text -> {
      try {
        CpuSet.parse(text);
      } catch (CpuListFormatException e) {
        assertThat(e.getMessage()).isNotBlank();
      }
    });
  }

  @Test
  void aMachineShapeIsAMachineOrAnInputError() {
    qt().withExamples(EXAMPLES).forAll(MalformedInputs.shapes()).checkAssert(text -> {
      try {
        assertThat(MachineArgument.resolve(text, CATALOG).cpus()).isNotEmpty();
      } catch (InputException e) {
        assertThat(e.getMessage()).isNotBlank().doesNotContain("\n");
      }
    });
  }

  @Test
  void aPodManifestIsPodsOrAnInputError() {
    qt().withExamples(EXAMPLES).forAll(MalformedInputs.manifests()).checkAssert(text -> {
      try {
        PodManifests.parse("pods.yaml", new StringReader(text), FieldValidation.warn(), API_SERVER);
      } catch (InputException e) {
        assertThat(e.getMessage()).isNotBlank();
      }
    });
  }

  @Test
  void theCommandLineGivesExitTwoWithOneLineForEveryMalformedInput() {
    qt().withExamples(CLI_EXAMPLES).forAll(MalformedInputs.shapes()).checkAssert(shape ->
        assertUserOutcome(run("simulate", "--machine", shape)));
    qt().withExamples(CLI_EXAMPLES).forAll(MalformedInputs.manifests()).checkAssert(manifest ->
        assertUserOutcome(run("simulate", "--pods", write("pods.yaml", manifest))));
    qt().withExamples(CLI_EXAMPLES).forAll(MalformedInputs.quantities()).checkAssert(quantity ->
        assertUserOutcome(run("simulate", "--pods", write("pods.yaml", """
            apiVersion: v1
            kind: Pod
            metadata: {name: q}
            spec:
              containers:
                - name: c
                  resources: {limits: {cpu: "%s", memory: "%s"}}
            """.formatted(yamlEscaped(quantity), yamlEscaped(quantity))))));
    qt().withExamples(CLI_EXAMPLES).forAll(MalformedInputs.cpulists()).checkAssert(cpulist ->
        assertUserOutcome(run("simulate", "--kubelet-config", write("kubelet.yaml", """
            apiVersion: kubelet.config.k8s.io/v1beta1
            kind: KubeletConfiguration
            cpuManagerPolicy: static
            reservedSystemCPUs: "%s"
            """.formatted(yamlEscaped(cpulist))))));
  }

  /**
   * Findings of the properties above, replayed every build. {@code cpu: "02Gi"} (CI, 2026-12-03):
   * 2147483648 CPUs overflowed a Java int in the CPU Manager where upstream's Go int has 64 bits.
   */
  @Test
  void theFindingsReplay() {
    Outcome pastJavaInt = run("simulate", "--format", "json", "--pods", write("pods.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: q}
        spec:
          containers:
            - name: c
              resources: {limits: {cpu: "02Gi", memory: "02Gi"}}
        """));
    assertUserOutcome(pastJavaInt);
    assertThat(pastJavaInt.exitCode()).isZero();
    assertThat(pastJavaInt.out()).contains("TopologyAffinityError").contains("2147483648 CPUs");
  }

  private record Outcome(String[] args, int exitCode, String out, String err) {}

  private static Outcome run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = Main.commandLine(PodtopoComponent.reference()).setOut(new PrintWriter(out))
        .setErr(new PrintWriter(err)).execute(args);
    return new Outcome(args, exitCode, out.toString(), err.toString());
  }

  private static void assertUserOutcome(Outcome outcome) {
    String what = String.join(" ", outcome.args()) + " gave exit " + outcome.exitCode() + ", stderr: " + outcome.err();
    assertThat(outcome.exitCode()).as(what).isIn(0, 2);
    if (outcome.exitCode() == 2) {
      assertThat(outcome.out()).as(what).isEmpty();
      assertThat(outcome.err().lines().filter(line -> !line.startsWith("Warning: "))).as(what).hasSize(1);
    }
  }

  private String write(String name, String text) {
    try {
      return Files.writeString(dir.resolve(name), text).toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text inside a double-quoted YAML scalar. */
  private static String yamlEscaped(String text) {
    return text.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\t", "\\t")
        .replace("\u0000", "\\0");
  }
}
