package io.podtopo.conformance.generators;

import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import io.podtopo.domain.topology.CpuSet;
import java.util.List;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/**
 * CPU sets built from runs of consecutive ids, so that cpulists have ranges and singles, and word
 * boundaries (63/64, 127/128) are crossed often. Most ids are below 300; some reach 65535.
 */
public final class CpuSets {

  private CpuSets() {}

  /** A run start: usually small, sometimes anywhere in 0..65535. */
  private static Gen<Integer> starts() {
    return Generate.frequency(
        Pair.of(8, integers().between(0, 300)),
        Pair.of(1, integers().between(0, CpuSet.MAX_CPU_ID)));
  }

  /** One run {@code [start, start + length)} clipped to the id range. */
  private static Gen<int[]> runs() {
    return starts().zip(integers().between(1, 70), (start, length) ->
        new int[] {start, Math.min(CpuSet.MAX_CPU_ID, start + length - 1)});
  }

  /** CPU sets of 0 to 8 runs (the empty set included). */
  public static Gen<CpuSet> cpuSets() {
    return lists().of(runs()).ofSizeBetween(0, 8).map(CpuSets::fromRuns).describedAs(set -> "\"" + set + "\"");
  }

  private static CpuSet fromRuns(List<int[]> runs) {
    CpuSet.Builder builder = new CpuSet.Builder();
    for (int[] run : runs) {
      for (int id = run[0]; id <= run[1]; id++) {
        builder.add(id);
      }
    }
    return builder.build();
  }
}
