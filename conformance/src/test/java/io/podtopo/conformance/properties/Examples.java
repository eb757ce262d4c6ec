package io.podtopo.conformance.properties;

/**
 * The example count of a property, scaled by the system property {@value #SCALE} (1 when unset). The
 * mutation profile runs a tenth of every property's examples, with a fixed seed: every surviving
 * mutant runs every property that covers it, and at full size that took hours
 * ({@code docs/spec/mutation-testing.md}).
 */
final class Examples {

  static final String SCALE = "podtopo.examples.scale";
  /** QuickTheories' own example count, which the properties that name no count of their own run, scaled. */
  static final int QUICKTHEORIES_DEFAULT = 1000;

  private Examples() {}

  /** {@code count} scaled, at least 10 and at most {@code count}. */
  static int scaled(int count) {
    return (int) Math.max(Math.min(10, count), Math.min(count, Math.round(count * scale())));
  }

  /**
   * Whether properties run all their examples ({@code ./mvnw verify}): the checks that the generators
   * reach each rare situation at least once (a configuration, a rejection reason) need them all, and
   * the sample the mutation profile runs is too small to reach each; those checks run at full size
   * only, where they guard the generators, and the mutation profile keeps the ones stated as a share
   * of the examples.
   */
  static boolean fullSize() {
    return scale() >= 1;
  }

  private static double scale() {
    return Double.parseDouble(System.getProperty(SCALE, "1"));
  }
}
