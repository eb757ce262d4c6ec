package io.podtopo.conformance.vectors;

import java.util.List;

/** The comparison of one output with one expectation: passed, or the differences found. */
public record Verdict(List<String> differences) {

  public Verdict {
    differences = List.copyOf(differences);
  }

  /** A passing verdict. */
  public static Verdict pass() {
    return new Verdict(List.of());
  }

  /** A verdict with one difference. */
  public static Verdict fail(String difference) {
    return new Verdict(List.of(difference));
  }

  public boolean passed() {
    return differences.isEmpty();
  }
}
