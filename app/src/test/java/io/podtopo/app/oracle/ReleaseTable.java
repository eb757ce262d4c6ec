package io.podtopo.app.oracle;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ADR 0008's table of the quirks release by release: a Markdown table headed
 * {@code | quirk | case | v1.36.5 | v1.37.0 | ...}, one row per quirk, each release's cell starting
 * with {@code yes}, {@code no} or {@code n/a}; a retired quirk says {@code (retired)} after its id.
 */
record ReleaseTable(List<String> releases, List<Row> rows) {

  /** One quirk: its id, the id of the case that shows it, whether it is retired, a cell per release. */
  record Row(String quirk, String caseId, boolean retired, Map<String, String> cells) {}

  static ReleaseTable read(String markdown) {
    List<String> lines = markdown.lines().toList();
    int header = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("| quirk | case |")) {
        header = i;
        break;
      }
    }
    if (header < 0) {
      throw new AssertionError("ADR 0008 has no table headed \"| quirk | case | <release> ...\"");
    }
    List<String> headings = cells(lines.get(header));
    List<String> releases = headings.subList(2, headings.size());
    List<Row> rows = new ArrayList<>();
    for (int i = header + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
      List<String> cells = cells(lines.get(i));
      if (cells.size() != headings.size()) {
        throw new AssertionError("ADR 0008's release table: row " + lines.get(i) + " has " + cells.size() + " cells");
      }
      Map<String, String> byRelease = new LinkedHashMap<>();
      for (int r = 0; r < releases.size(); r++) {
        byRelease.put(releases.get(r), cells.get(r + 2));
      }
      String quirk = cells.get(0);
      rows.add(new Row(unquote(quirk.replace("(retired)", "").trim()), unquote(cells.get(1)),
          quirk.contains("(retired)"), byRelease));
    }
    return new ReleaseTable(List.copyOf(releases), List.copyOf(rows));
  }

  private static List<String> cells(String line) {
    List<String> cells = new ArrayList<>();
    for (String cell : line.substring(1, line.lastIndexOf('|')).split("\\|")) {
      cells.add(cell.trim());
    }
    return cells;
  }

  private static String unquote(String text) {
    return text.replace("`", "");
  }
}
