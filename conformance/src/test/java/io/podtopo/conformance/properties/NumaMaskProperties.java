package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.generators.Hints;
import io.podtopo.domain.topology.NumaMask;
import org.junit.jupiter.api.Test;

/** {@link NumaMask#NARROWEST_FIRST} is a total order consistent with upstream {@code IsNarrowerThan}. */
class NumaMaskProperties {

  /** Upstream {@code IsNarrowerThan}, transcribed: equal counts compare as unsigned numbers. */
  private static boolean upstreamNarrower(NumaMask m, NumaMask other) {
    if (m.count() == other.count()) {
      return Long.compareUnsigned(m.bits(), other.bits()) < 0;
    }
    return m.count() < other.count();
  }

  @Test
  void isNarrowerThanMatchesUpstream() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(Hints.masks(), Hints.masks()).checkAssert((a, b) -> {
      assertThat(a.isNarrowerThan(b)).isEqualTo(upstreamNarrower(a, b));
      assertThat(NumaMask.NARROWEST_FIRST.compare(a, b) < 0).isEqualTo(upstreamNarrower(a, b));
    });
  }

  @Test
  void narrowestFirstIsAntisymmetricAndConsistentWithEquals() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(Hints.masks(), Hints.masks()).checkAssert((a, b) -> {
      int ab = Integer.signum(NumaMask.NARROWEST_FIRST.compare(a, b));
      int ba = Integer.signum(NumaMask.NARROWEST_FIRST.compare(b, a));
      assertThat(ab).isEqualTo(-ba);
      assertThat(ab == 0).isEqualTo(a.equals(b));
    });
  }

  @Test
  void narrowestFirstIsTotal() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(Hints.masks(), Hints.masks()).checkAssert((a, b) ->
        assertThat(a.equals(b) || a.isNarrowerThan(b) || b.isNarrowerThan(a)).isTrue());
  }

  @Test
  void narrowestFirstIsTransitive() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(Hints.masks(), Hints.masks(), Hints.masks()).checkAssert((a, b, c) -> {
      if (NumaMask.NARROWEST_FIRST.compare(a, b) <= 0 && NumaMask.NARROWEST_FIRST.compare(b, c) <= 0) {
        assertThat(NumaMask.NARROWEST_FIRST.compare(a, c)).isLessThanOrEqualTo(0);
      }
      if (a.isNarrowerThan(b) && b.isNarrowerThan(c)) {
        assertThat(a.isNarrowerThan(c)).isTrue();
      }
    });
  }

  @Test
  void andOrAgreeWithBits() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(Hints.masks(), Hints.masks()).checkAssert((a, b) -> {
      assertThat(a.and(b).bits()).isEqualTo(a.bits() & b.bits());
      assertThat(a.or(b).bits()).isEqualTo(a.bits() | b.bits());
      assertThat(a.and(b).isSubsetOf(a)).isTrue();
      assertThat(NumaMask.of(a.nodes())).isEqualTo(a);
      assertThat(a.count()).isEqualTo(a.nodes().size());
    });
  }
}
