package io.podtopo.app.report;

import java.util.List;
import java.util.Locale;

/** Rows of text in columns: each column as wide as its widest cell, two spaces apart, no trailing blanks. */
final class TextTable {

  private TextTable() {}

  /** The rows (the first one usually a header), one line each. */
  static String render(List<String[]> rows) {
    int columns = rows.stream().mapToInt(row -> row.length).max().orElse(0);
    int[] widths = new int[columns];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        line.append(String.format(Locale.ROOT, "%-" + widths[i] + "s", row[i])).append("  ");
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    return out.toString();
  }
}
