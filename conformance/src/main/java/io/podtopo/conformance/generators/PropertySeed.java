package io.podtopo.conformance.generators;

import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;
import org.quicktheories.QuickTheory;
import org.quicktheories.api.AsString;
import org.quicktheories.core.ExceptionReporter;
import org.quicktheories.core.Reporter;

/**
 * The seed of every property test, and the one way to replay it: {@link #qt()} is QuickTheories'
 * {@code qt()} started from the run's seed. The seed is the system property {@value #PROPERTY} when
 * set ({@code ./mvnw test -Dpodtopo.seed=N} replays a run), else one drawn once per JVM, so that every
 * property of a run shares it. Each property run prints one line naming the property and its seed,
 * and a property that fails says in its message how to replay it:
 *
 * <pre>
 * property CpuSetProperties.parseFormatRoundTrips: seed 8123 (replay: -Dpodtopo.seed=8123)
 * ...
 * Seed was 8123
 * replay: -Dpodtopo.seed=8123
 * </pre>
 *
 * <p>The example count is not the seed's: a replay runs as many examples as the run it replays
 * ({@code podtopo.examples.scale} of the mutation profile included). The conformance commands
 * ({@code podtopo conformance properties --seed}) take their seed from the command line instead.
 */
public final class PropertySeed {

  /** The system property that fixes the seed of every property test. */
  public static final String PROPERTY = "podtopo.seed";

  private static final long RUN_SEED = fromProperty(System.getProperty(PROPERTY))
      .orElseGet(() -> new SecureRandom().nextLong());

  private PropertySeed() {}

  /** The seed of this JVM's property runs: {@value #PROPERTY} when set, else drawn once. */
  public static long seed() {
    return RUN_SEED;
  }

  /**
   * QuickTheories' {@code qt()} from {@link #seed()}, whose failures name the seed and the flag that
   * replays it; prints {@code property CLASS.METHOD: seed N (replay: -Dpodtopo.seed=N)} for the
   * property that calls it.
   */
  public static QuickTheory qt() {
    System.out.println("property " + caller() + ": seed " + RUN_SEED + " (" + replay(RUN_SEED) + ")");
    return QuickTheory.qt().withFixedSeed(RUN_SEED).withReporter(new ReplayingReporter());
  }

  /** {@code replay: -Dpodtopo.seed=N}. */
  static String replay(long seed) {
    return "replay: -D" + PROPERTY + "=" + seed;
  }

  /**
   * The seed {@code text} names; empty when it is null or blank.
   *
   * @throws IllegalArgumentException when it is not a number
   */
  static Optional<Long> fromProperty(String text) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(Long.parseLong(text.strip()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("-D" + PROPERTY + " must be a whole number (a property run's seed), got \""
          + text + "\"", e);
    }
  }

  /** {@code Class.method} of the first frame outside this class; a lambda's frame names its method. */
  private static String caller() {
    return StackWalker.getInstance().walk(frames -> frames
        .filter(frame -> !frame.getClassName().equals(PropertySeed.class.getName()))
        .findFirst()
        .map(frame -> frame.getClassName().substring(frame.getClassName().lastIndexOf('.') + 1) + "."
            + frame.getMethodName().replaceFirst("^lambda\\$(.*)\\$\\d+$", "$1"))
        .orElse("?"));
  }

  /** QuickTheories' own reporter, each of its failures followed by the line that replays it. */
  private static final class ReplayingReporter implements Reporter {

    private final ExceptionReporter reporter = new ExceptionReporter();

    @Override
    public void falisification(long seed, int examples, Object smallest, Throwable cause, List<Object> others,
        AsString<Object> toString) {
      try {
        reporter.falisification(seed, examples, smallest, cause, others, toString);
      } catch (AssertionError failure) {
        throw withReplay(failure, seed);
      }
    }

    @Override
    public void falisification(long seed, int examples, Object smallest, List<Object> others,
        AsString<Object> toString) {
      try {
        reporter.falisification(seed, examples, smallest, others, toString);
      } catch (AssertionError failure) {
        throw withReplay(failure, seed);
      }
    }

    @Override
    public void valuesExhausted(int examples) {
      try {
        reporter.valuesExhausted(examples);
      } catch (IllegalStateException failure) {
        throw new IllegalStateException(failure.getMessage() + " (seed " + RUN_SEED + ", " + replay(RUN_SEED) + ")",
            failure);
      }
    }

    private static AssertionError withReplay(AssertionError failure, long seed) {
      AssertionError replayable = new AssertionError(failure.getMessage() + System.lineSeparator() + replay(seed),
          failure.getCause());
      replayable.setStackTrace(failure.getStackTrace());
      return replayable;
    }
  }
}
