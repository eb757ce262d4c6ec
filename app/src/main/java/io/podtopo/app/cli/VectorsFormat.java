package io.podtopo.app.cli;

/** The output formats of {@code podtopo conformance vectors}. */
public enum VectorsFormat {
  /** Aligned text for people; the last line is the summary. */
  table,
  /** One stable JSON document for programs. */
  json,
  /** JUnit XML, the test report CI systems read: one testsuite per kind, one testcase per case. */
  junit
}
