package io.podtopo.conformance.invariants;

/**
 * One numbered invariant of spec §15; its checks are the sub-interfaces. Every invariant of
 * {@link Invariants#all()} extends {@link NumberedInvariant}, which holds its number and rule.
 */
public interface Invariant {

  /** The invariant's number in spec §15 (1 to 36), or podtopo's device invariants 37 and 38. */
  int number();

  /** The rule, in the spec's words. */
  String rule();
}
