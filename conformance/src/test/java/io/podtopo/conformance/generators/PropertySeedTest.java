package io.podtopo.conformance.generators;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.quicktheories.generators.SourceDSL.longs;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The seed of property runs ({@link PropertySeed}): every property prints its seed, a failing one says
 * how to replay it, the same seed draws the same examples, and every property test starts from it.
 */
class PropertySeedTest {

  /** The property tests that do not start from {@link PropertySeed}: a generator of a recorded fixture. */
  private static final List<String> FIXED_SEED_GENERATORS = List.of("PodDefaultingOracleProperties.java");

  /** An import of QuickTheories' own entry point. */
  private static final Pattern QUICKTHEORIES_QT =
      Pattern.compile("^import (static )?org\\.quicktheories\\.QuickTheory(\\.qt)?;", Pattern.MULTILINE);

  @Test
  void aPropertyRunPrintsItsNameAndSeedAndAFailureNamesTheFlagThatReplaysIt() {
    long seed = PropertySeed.seed();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      assertThatThrownBy(() -> PropertySeed.qt().withExamples(5).forAll(longs().all())
          .checkAssert(value -> assertThat(value).isNull()))
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("Seed was " + seed)
          .hasMessageEndingWith("replay: -Dpodtopo.seed=" + seed);
    } finally {
      System.setOut(stdout);
    }
    assertThat(printed.toString(StandardCharsets.UTF_8)).isEqualTo("property PropertySeedTest."
        + "aPropertyRunPrintsItsNameAndSeedAndAFailureNamesTheFlagThatReplaysIt: seed " + seed
        + " (replay: -Dpodtopo.seed=" + seed + ")" + System.lineSeparator());
  }

  @Test
  void twoRunsOfTheSeedDrawTheSameExamples() {
    assertThat(drawn()).isEqualTo(drawn()).hasSize(20);
  }

  @Test
  void theFlagIsANumberOrUnset() {
    assertThat(PropertySeed.fromProperty("42")).contains(42L);
    assertThat(PropertySeed.fromProperty(" -7 ")).contains(-7L);
    assertThat(PropertySeed.fromProperty(null)).isEmpty();
    assertThat(PropertySeed.fromProperty("")).isEmpty();
    assertThatThrownBy(() -> PropertySeed.fromProperty("0x2a")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("-Dpodtopo.seed must be a whole number (a property run's seed), got \"0x2a\"");
  }

  @Test
  void theSeedIsTheFlagsWhenItIsSet() {
    Optional<Long> flag = PropertySeed.fromProperty(System.getProperty(PropertySeed.PROPERTY));
    flag.ifPresent(seed -> assertThat(PropertySeed.seed()).isEqualTo(seed));
    assertThat(flag.isPresent() || PropertySeed.seed() != 0).as("a seed drawn when the flag is unset").isTrue();
  }

  /** One way to seed a property: no property test of this module calls QuickTheories' own {@code qt()}. */
  @Test
  void everyPropertyTestStartsFromThePropertySeed() throws IOException {
    try (Stream<Path> sources = Files.walk(Path.of("src", "test", "java"))) {
      List<String> own = sources.filter(file -> file.toString().endsWith(".java"))
          .filter(file -> !FIXED_SEED_GENERATORS.contains(file.getFileName().toString()))
          .filter(file -> QUICKTHEORIES_QT.matcher(read(file)).find())
          .map(Path::toString).toList();
      assertThat(own).as("property tests that seed QuickTheories themselves").isEmpty();
    }
  }

  private static List<Long> drawn() {
    List<Long> values = new ArrayList<>();
    PropertySeed.qt().withExamples(20).forAll(longs().all()).checkAssert(values::add);
    return values;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
