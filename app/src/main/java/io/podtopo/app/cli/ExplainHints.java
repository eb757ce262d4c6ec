package io.podtopo.app.cli;

/** How {@code simulate --explain} lists a resource's hints ({@code --explain-hints}). */
public enum ExplainHints {
  /** More than 16 hints are summed up: how many, the preferred ones by width, the narrowest few. */
  summary,
  /** Every hint. */
  full
}
