package io.podtopo.conformance.properties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How many of a property's generated examples reached the situation the property is about (an
 * admitted pod, a successful allocation, a preferred merge): a property whose examples all miss it
 * would pass without checking anything, so {@link #atLeast} fails it when too few reached it.
 */
final class Exercised {

  private final String situation;
  private int examples;
  private int reached;

  Exercised(String situation) {
    this.situation = situation;
  }

  /** One example, which reached the situation or not. */
  void example(boolean reachedIt) {
    examples++;
    if (reachedIt) {
      reached++;
    }
  }

  /** Fails unless at least {@code share} (0 to 1) of the examples, and at least one, reached the situation. */
  void atLeast(double share) {
    assertThat(reached).as("examples reaching %s: %d of %d, expected at least %.0f%%", situation, reached, examples,
        share * 100).isPositive().isGreaterThanOrEqualTo((int) Math.ceil(share * examples));
  }
}
