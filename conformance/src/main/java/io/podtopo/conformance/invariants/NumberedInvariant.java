package io.podtopo.conformance.invariants;

import java.util.Objects;

/**
 * The base of every invariant of {@link Invariants#all()}: it holds the invariant's number and its
 * rule, given once to the constructor, so that a check class states them in one line and implements
 * only its checks ({@link SnapshotInvariant}, {@link TransitionInvariant},
 * {@link PodResourcesInvariant}, one or more). The invariants are the suite's own, as the audit's
 * rules are ({@link io.podtopo.conformance.audit.AuditRule}): only this package extends it.
 */
public abstract class NumberedInvariant implements Invariant {

  private final int number;
  private final String rule;

  NumberedInvariant(int number, String rule) {
    this.number = number;
    this.rule = Objects.requireNonNull(rule, "rule");
  }

  @Override
  public final int number() {
    return number;
  }

  @Override
  public final String rule() {
    return rule;
  }
}
