package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.generators.CpuSets;
import io.podtopo.domain.topology.CpuSet;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** {@link CpuSet}: the cpulist round trip and the set algebra, checked against {@link BitSet}. */
class CpuSetProperties {

  private static BitSet bits(CpuSet set) {
    BitSet bits = new BitSet();
    set.forEachCpu(bits::set);
    return bits;
  }

  private static CpuSet fromBits(BitSet bits) {
    return CpuSet.of(bits.stream().toArray());
  }

  @Test
  void formatThenParseIsTheIdentity() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(CpuSets.cpuSets()).checkAssert(set -> {
      String text = set.toString();
      assertThat(CpuSet.parse(text)).isEqualTo(set);
      assertThat(CpuSet.parse(text).toString()).isEqualTo(text);
    });
  }

  @Test
  void theCpulistIsCanonical() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(CpuSets.cpuSets()).checkAssert(set -> {
      String text = set.toString();
      assertThat(text).doesNotContain(",,").doesNotStartWith(",").doesNotEndWith(",");
      int previousEnd = -2;
      for (String part : text.isEmpty() ? new String[0] : text.split(",")) {
        String[] bounds = part.split("-");
        int start = Integer.parseInt(bounds[0]);
        int end = Integer.parseInt(bounds[bounds.length - 1]);
        assertThat(start).as("runs are ascending and not adjacent").isGreaterThan(previousEnd + 1);
        assertThat(bounds.length == 1 || end > start).as("a range has two different ends").isTrue();
        previousEnd = end;
      }
    });
  }

  @Test
  void algebraAgreesWithBitSet() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(CpuSets.cpuSets(), CpuSets.cpuSets()).checkAssert((a, b) -> {
      BitSet union = bits(a);
      union.or(bits(b));
      BitSet intersection = bits(a);
      intersection.and(bits(b));
      BitSet difference = bits(a);
      difference.andNot(bits(b));
      assertThat(a.union(b)).isEqualTo(fromBits(union));
      assertThat(a.intersection(b)).isEqualTo(fromBits(intersection));
      assertThat(a.difference(b)).isEqualTo(fromBits(difference));
      assertThat(a.intersects(b)).isEqualTo(bits(a).intersects(bits(b)));
      assertThat(a.isSubsetOf(b)).isEqualTo(difference.isEmpty());
      assertThat(a.size()).isEqualTo(bits(a).cardinality());
      assertThat(a.isEmpty()).isEqualTo(bits(a).isEmpty());
      assertThat(a.toArray()).isEqualTo(bits(a).stream().toArray());
      if (!a.isEmpty()) {
        assertThat(a.first()).isEqualTo(bits(a).nextSetBit(0));
        assertThat(a.last()).isEqualTo(bits(a).length() - 1);
      }
    });
  }

  @Test
  void equalSetsHaveEqualHashesWhateverTheirHistory() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(CpuSets.cpuSets(), CpuSets.cpuSets()).checkAssert((a, b) -> {
      CpuSet viaAlgebra = a.union(b).difference(b.difference(a)).difference(a.intersection(b)).union(a.intersection(b));
      assertThat(viaAlgebra).isEqualTo(a).hasSameHashCodeAs(a);
    });
  }

  @Test
  void setAlgebraLaws() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(CpuSets.cpuSets(), CpuSets.cpuSets(), CpuSets.cpuSets()).checkAssert((a, b, c) -> {
      assertThat(a.union(b)).isEqualTo(b.union(a));
      assertThat(a.intersection(b)).isEqualTo(b.intersection(a));
      assertThat(a.union(b).union(c)).isEqualTo(a.union(b.union(c)));
      assertThat(a.intersection(b).intersection(c)).isEqualTo(a.intersection(b.intersection(c)));
      assertThat(a.intersection(b.union(c))).isEqualTo(a.intersection(b).union(a.intersection(c)));
      assertThat(a.union(b.intersection(c))).isEqualTo(a.union(b).intersection(a.union(c)));
      assertThat(a.difference(b.union(c))).isEqualTo(a.difference(b).intersection(a.difference(c)));
      assertThat(a.difference(b.intersection(c))).isEqualTo(a.difference(b).union(a.difference(c)));
      assertThat(a.union(CpuSet.empty())).isEqualTo(a);
      assertThat(a.intersection(a)).isEqualTo(a);
      assertThat(a.difference(a)).isEqualTo(CpuSet.empty());
      assertThat(a.intersection(b).isSubsetOf(a)).isTrue();
      assertThat(a.isSubsetOf(a.union(b))).isTrue();
    });
  }

  @Test
  void iterationIsStrictlyAscending() {
    qt().withExamples(Examples.scaled(Examples.QUICKTHEORIES_DEFAULT)).forAll(CpuSets.cpuSets()).checkAssert(set -> {
      int previous = -1;
      for (int id : set) {
        assertThat(id).isGreaterThan(previous);
        assertThat(set.contains(id)).isTrue();
        previous = id;
      }
    });
  }
}
