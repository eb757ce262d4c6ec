package io.podtopo.adapters.linux.kubelet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.gates.FeatureGates;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The checksums podtopo computes are the kubelet's: every checkpoint of the upstream unit tests in
 * {@code upstream/} (see its README for files and commits) gets the verdict kubelet v1.37 gives
 * it, and each verified one is refused once its checksum, or one byte of what the checksum covers,
 * is changed.
 */
class UpstreamChecksumProofTest {

  private static final String ROOT = "upstream/";
  private static final FeatureGates GATES = FeatureGates.defaults();

  /** One line of {@code upstream/cases.csv}. */
  private record Case(String file, String manager, String version, String verdict, String flip) {

    String content() {
      return resource(ROOT + file);
    }
  }

  @TestFactory
  Stream<DynamicTest> upstreamSamplesGetTheKubeletsVerdict() {
    return cases().stream().map(c -> DynamicTest.dynamicTest(c.file() + " " + c.verdict(), () -> check(c)));
  }

  @TestFactory
  Stream<DynamicTest> aChangedChecksumIsRefused() {
    return verified().map(c -> DynamicTest.dynamicTest(c.file(), () -> {
      String field = c.version().equals(dataVersion(c)) ? "dataChecksum" : "checksum";
      Matcher stored = Pattern.compile("\"" + field + "\": ?(\\d+)").matcher(c.content());
      assertThat(stored.find()).isTrue();
      long changed = Long.parseLong(stored.group(1)) + 1;
      String content = c.content().substring(0, stored.start(1)) + changed + c.content().substring(stored.end(1));
      assertCorrupted(c, content);
    }));
  }

  @TestFactory
  Stream<DynamicTest> aChangedByteOfTheChecksummedPartIsRefused() {
    return verified().map(c -> DynamicTest.dynamicTest(c.file() + " " + c.flip(), () -> {
      int at = c.content().indexOf(c.flip());
      assertThat(at).as("the text to change").isNotNegative();
      char old = c.content().charAt(at);
      char changed = Character.isDigit(old) ? (old == '9' ? '8' : (char) (old + 1))
          : Character.isUpperCase(old) ? Character.toLowerCase(old) : Character.toUpperCase(old);
      assertCorrupted(c, c.content().substring(0, at) + changed + c.content().substring(at + 1));
    }));
  }

  @Test
  void everyVersionIsProvenBySomeSample() {
    assertThat(verified().map(c -> c.manager() + " " + c.version()))
        .contains("cpu V2", "cpu V3", "cpu V4", "memory V1", "memory V2", "memory V3");
  }

  private static void check(Case c) throws CheckpointLoadException {
    switch (c.verdict().split(":", 2)[0]) {
      case "VERIFIED" -> {
        LoadedCheckpoint loaded = load(c, c.content());
        assertThat(loaded.version()).isEqualTo(c.version());
        assertThat(loaded.verification()).isInstanceOf(Verification.Verified.class);
      }
      case "UNPROVEN" -> {
        LoadedCheckpoint loaded = load(c, c.content());
        assertThat(loaded.version()).isEqualTo(c.version());
        assertThat(loaded.verification()).isInstanceOf(Verification.Unproven.class);
      }
      case "CORRUPTED" -> assertCorrupted(c, c.content());
      case "FAILS" -> assertThatThrownBy(() -> load(c, c.content()))
          .isInstanceOf(CheckpointLoadException.class).hasMessage(c.verdict().split(":", 2)[1]);
      case "REFUSED_V1" -> assertThatThrownBy(() -> load(c, c.content()))
          .isInstanceOf(CheckpointLoadException.class)
          .hasMessageStartingWith("json: cannot unmarshal string into Go struct field CPUManagerCheckpointV2.entries "
              + "of type map[string]string (a V1 checkpoint, checksum VERIFIED")
          .satisfies(e -> assertThat(((CheckpointLoadException) e).verification())
              .containsInstanceOf(Verification.Verified.class));
      default -> throw new IllegalArgumentException("unknown verdict " + c.verdict());
    }
  }

  private static void assertCorrupted(Case c, String content) {
    assertThatThrownBy(() -> load(c, content)).isInstanceOf(CheckpointLoadException.class)
        .hasMessageEndingWith("checkpoint is corrupted")
        .satisfies(e -> assertThat(((CheckpointLoadException) e).verification())
            .containsInstanceOf(Verification.Mismatch.class));
  }

  private static LoadedCheckpoint load(Case c, String content) throws CheckpointLoadException {
    return c.manager().equals("cpu") ? CpuCheckpointFile.load(content, GATES) : MemoryCheckpointFile.load(content);
  }

  private static String dataVersion(Case c) {
    return c.manager().equals("cpu") ? "V4" : "V3";
  }

  private static Stream<Case> verified() {
    return cases().stream().filter(c -> c.verdict().equals("VERIFIED"));
  }

  private static List<Case> cases() {
    return resource(ROOT + "cases.csv").lines().filter(line -> !line.startsWith("#") && !line.isBlank())
        .map(line -> line.split(";", -1))
        .map(f -> new Case(f[0], f[1], f[2], f[3], f.length > 4 ? f[4] : "")).toList();
  }

  private static String resource(String name) {
    try (InputStream in = UpstreamChecksumProofTest.class.getResourceAsStream(name)) {
      return new String(Optional.ofNullable(in).orElseThrow(() -> new IllegalStateException("no resource " + name))
          .readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
