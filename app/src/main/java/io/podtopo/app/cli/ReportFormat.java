package io.podtopo.app.cli;

/** The output formats of the commands that draw the machine: {@code simulate}, {@code topology}, {@code inspect}. */
public enum ReportFormat {
  /** Aligned text and a map of the CPUs for people. */
  table,
  /** One stable JSON document for programs. */
  json,
  /** One self-contained HTML page: an SVG picture of the machine by owner, memory bars, the table. */
  html
}
