package io.podtopo.conformance.audit;

import java.util.Locale;

/** The outcome of one audit rule. */
public enum RuleStatus {
  /** Checked, no violation. */
  PASS,
  /** Checked, at least one violation. */
  FAIL,
  /** Not checked: what it needs is not known (the result says why). */
  NOT_CHECKED;

  /** {@code pass}, {@code fail} or {@code not-checked}: the name in reports. */
  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
