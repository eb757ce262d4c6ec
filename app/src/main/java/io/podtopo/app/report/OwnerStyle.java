package io.podtopo.app.report;

import io.podtopo.app.report.CpuOwner.Kind;
import java.util.Locale;

/**
 * How the {@link HtmlReport} paints owners: a key for {@code data-owner} attributes, a fill
 * colour, a pattern per kind (so the picture reads without colour, with the marks of
 * {@link OwnerMarks}), and the escaping of text.
 */
final class OwnerStyle {

  /** Strong colours of exclusive slices, with white ink. */
  private static final String[] STRONG = {"#1f5fa8", "#b8312f", "#23803d", "#7a3fa0", "#c25e00", "#0f7f8a",
      "#8a5a2b", "#b03a8a", "#5c6b12", "#3b4cc0"};
  /** Light colours of pod shared pools, with black ink. */
  private static final String[] LIGHT = {"#a9c8ef", "#f4b4b0", "#b3e2bd", "#d8c2ea", "#ffd3a6", "#a8e3e8",
      "#e2c9a8", "#f1bfe3", "#dbe5a1", "#c4cbf5"};
  /** The key of CPUs nobody was assigned. */
  static final String UNASSIGNED = "none";

  private OwnerStyle() {}

  /** {@code reserved}, {@code node-shared}, {@code exclusive:default/web app}, {@code pod-shared:default/web}. */
  static String key(CpuOwner owner) {
    String kind = kindName(owner.kind());
    return owner.name().isEmpty() ? kind : kind + ":" + owner.name();
  }

  /** {@code reserved}, {@code node-shared}, {@code exclusive}, {@code pod-shared}. */
  static String kindName(Kind kind) {
    return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The fill colour of an owner, the {@code index}-th of its kind. */
  static String fill(CpuOwner owner, int index) {
    return switch (owner.kind()) {
      case RESERVED -> "#6b6b6b";
      case NODE_SHARED -> "#f2f2ee";
      case EXCLUSIVE -> STRONG[index % STRONG.length];
      case POD_SHARED -> LIGHT[index % LIGHT.length];
    };
  }

  /** The colour of text on the owner's fill. */
  static String ink(CpuOwner owner) {
    return owner.kind() == Kind.EXCLUSIVE || owner.kind() == Kind.RESERVED ? "#ffffff" : "#1a1a1a";
  }

  /** The id of the SVG pattern laid over the kind's fill; the node shared pool has none. */
  static String pattern(Kind kind) {
    return "pat-" + kindName(kind);
  }

  /** The patterns, defined once per page and referenced by every picture and legend swatch. */
  static String patternDefinitions() {
    return "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\" focusable=\"false\"><defs>"
        + "<pattern id=\"" + pattern(Kind.RESERVED) + "\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
        + "<path d=\"M0 0L6 6M6 0L0 6\" stroke=\"#ffffff\" stroke-opacity=\"0.45\" stroke-width=\"1\"/></pattern>"
        + "<pattern id=\"" + pattern(Kind.NODE_SHARED) + "\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
        + "</pattern>"
        + "<pattern id=\"" + pattern(Kind.EXCLUSIVE) + "\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\""
        + " patternTransform=\"rotate(45)\"><rect width=\"3\" height=\"7\" fill=\"#ffffff\" fill-opacity=\"0.25\"/>"
        + "</pattern>"
        + "<pattern id=\"" + pattern(Kind.POD_SHARED) + "\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
        + "<circle cx=\"3\" cy=\"3\" r=\"1.2\" fill=\"#000000\" fill-opacity=\"0.35\"/></pattern>"
        + "</defs></svg>";
  }

  /** {@code text} safe in HTML text and in double- or single-quoted attributes. */
  static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
