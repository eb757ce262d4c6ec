package io.podtopo.app.cli;

/** The output formats every reporting command offers. */
public enum OutputFormat {
  /** Aligned text for people; the last line is the summary. */
  table,
  /** One stable JSON document for programs. */
  json
}
