package io.podtopo.adapters.linux.cgroup;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The parsed lines of a {@code mountinfo} file (proc(5)): {@code ID PARENT MAJ:MIN ROOT MOUNT_POINT
 * MOUNT_OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS}. The optional fields ({@code shared:1},
 * {@code master:2}, ...) may be absent or many, so the fields after them are found from the
 * {@code -} separator. The kernel escapes space, tab, newline and backslash in paths as three octal
 * digits ({@code \040}).
 */
final class MountInfo {

  private static final int FIELDS_BEFORE_OPTIONAL = 6;

  private MountInfo() {}

  /**
   * Reads and parses {@code file}.
   *
   * @throws CgroupSetupException naming the file when it cannot be read, and the file and line when a
   *     line is malformed
   */
  static List<Mount> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new CgroupSetupException("cannot read " + file + ": " + Errno.text(e), e);
    }
    List<Mount> mounts = new ArrayList<>();
    for (int index = 0; index < lines.size(); index++) {
      if (!lines.get(index).isBlank()) {
        mounts.add(parse(file, index + 1, lines.get(index)));
      }
    }
    return List.copyOf(mounts);
  }

  private static Mount parse(Path file, int lineNumber, String line) {
    List<String> fields = Arrays.asList(line.split(" ", -1));
    int separator = fields.subList(Math.min(FIELDS_BEFORE_OPTIONAL, fields.size()), fields.size()).indexOf("-");
    if (fields.size() < FIELDS_BEFORE_OPTIONAL || separator < 0
        || fields.size() != FIELDS_BEFORE_OPTIONAL + separator + 4) {
      throw new CgroupSetupException(file + " line " + lineNumber + ": expected 'ID PARENT MAJ:MIN ROOT "
          + "MOUNT_POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS', got '" + line + "'");
    }
    int afterSeparator = FIELDS_BEFORE_OPTIONAL + separator + 1;
    return new Mount(Path.of(unescape(fields.get(4))), fields.get(afterSeparator),
        List.of(fields.get(afterSeparator + 2).split(",")));
  }

  /** Undoes the kernel's {@code \ooo} escapes; a backslash not followed by three octal digits stays. */
  static String unescape(String field) {
    StringBuilder text = new StringBuilder(field.length());
    for (int i = 0; i < field.length(); i++) {
      char ch = field.charAt(i);
      if (ch == '\\' && isOctal(field, i + 1) && isOctal(field, i + 2) && isOctal(field, i + 3)) {
        text.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        text.append(ch);
      }
    }
    return text.toString();
  }

  private static boolean isOctal(String text, int index) {
    return index < text.length() && text.charAt(index) >= '0' && text.charAt(index) <= '7';
  }
}
