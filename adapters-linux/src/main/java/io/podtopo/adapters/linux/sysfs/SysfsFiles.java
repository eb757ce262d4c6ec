package io.podtopo.adapters.linux.sysfs;

import io.podtopo.domain.topology.CpuListFormatException;
import io.podtopo.domain.topology.CpuSet;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Typed reads of the files of a {@link SysfsTree}, as the kernel writes them: trailing NUL bytes
 * and white space are ignored, a missing file reads as null, and a file that is there but does not
 * hold what its ABI promises fails with a {@link SysfsException} naming it.
 */
final class SysfsFiles {

  private static final int QUOTED_MAX = 40;

  private final SysfsTree tree;

  SysfsFiles(SysfsTree tree) {
    this.tree = tree;
  }

  SysfsTree tree() {
    return tree;
  }

  /** The content without leading white space and trailing NULs and white space; null when missing. */
  String text(String path) {
    byte[] bytes = tree.read(path);
    if (bytes == null) {
      return null;
    }
    int end = bytes.length;
    while (end > 0 && (bytes[end - 1] == 0 || isSpace(bytes[end - 1]))) {
      end--;
    }
    int start = 0;
    while (start < end && isSpace(bytes[start])) {
      start++;
    }
    return new String(bytes, start, end - start, StandardCharsets.ISO_8859_1);
  }

  /** A decimal integer such as {@code physical_package_id} ({@code -1} allowed); null when missing. */
  Integer integer(String path) {
    String text = text(path);
    if (text == null) {
      return null;
    }
    long value = parseLong(text, 0, text.length());
    if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) {
      throw error(path, "not an integer: " + quote(text));
    }
    return (int) value;
  }

  /** A cpulist such as {@code 0-3,8-11}; null when missing. */
  CpuSet cpuList(String path) {
    String text = text(path);
    if (text == null) {
      return null;
    }
    try {
      return CpuSet.parse(text);
    } catch (CpuListFormatException e) {
      throw error(path, "not a CPU list: " + quote(text));
    }
  }

  /** A hex CPU mask such as {@code 00000000,0000ffff} (32-bit groups, highest first); null when missing. */
  CpuSet cpuMask(String path) {
    String text = text(path);
    if (text == null) {
      return null;
    }
    CpuSet mask = parseMask(text);
    if (mask == null) {
      throw error(path, "not a CPU mask: " + quote(text));
    }
    return mask;
  }

  /** The first file of {@code lists} (cpulists) or else of {@code masks} (hex masks) that is there; null when none is. */
  CpuSet cpus(String folder, List<String> lists, List<String> masks) {
    for (String list : lists) {
      CpuSet cpus = cpuList(folder + "/" + list);
      if (cpus != null) {
        return cpus;
      }
    }
    for (String mask : masks) {
      CpuSet cpus = cpuMask(folder + "/" + mask);
      if (cpus != null) {
        return cpus;
      }
    }
    return null;
  }

  /** White-space separated decimal integers, such as a node's {@code distance} row; null when missing. */
  List<Integer> integers(String path) {
    String text = text(path);
    if (text == null) {
      return null;
    }
    List<Integer> values = new ArrayList<>();
    int at = 0;
    while (at < text.length()) {
      int end = at;
      while (end < text.length() && !isSpace((byte) text.charAt(end))) {
        end++;
      }
      long value = parseLong(text, at, end);
      if (value < 0 || value > Integer.MAX_VALUE) {
        throw error(path, "not a list of integers: " + quote(text));
      }
      values.add((int) value);
      at = end;
      while (at < text.length() && isSpace((byte) text.charAt(at))) {
        at++;
      }
    }
    return values;
  }

  /** The {@code MemTotal} of a {@code meminfo} file ({@code /proc} or per node) in bytes; null when the file is missing. */
  Long memTotal(String path) {
    String text = text(path);
    if (text == null) {
      return null;
    }
    int label = text.indexOf("MemTotal:");
    if (label < 0) {
      throw error(path, "no MemTotal line");
    }
    int start = label + "MemTotal:".length();
    while (start < text.length() && isSpace((byte) text.charAt(start))) {
      start++;
    }
    int end = start;
    while (end < text.length() && isDigit(text.charAt(end))) {
      end++;
    }
    int unit = end;
    while (unit < text.length() && isSpace((byte) text.charAt(unit))) {
      unit++;
    }
    boolean kilobytes = text.startsWith("kB", unit);
    long kb = end > start && end - start <= 15 ? parseLong(text, start, end) : -1;
    if (kb < 0 || !kilobytes) {
      int lineEnd = text.indexOf('\n', label);
      throw error(path, "MemTotal is not a size in kB: " + quote(text.substring(label, lineEnd < 0 ? text.length() : lineEnd)));
    }
    return kb * 1024;
  }

  /** The ids of the entries of {@code folder} named {@code prefix} then digits ({@code cpu12}), ascending. */
  int[] numbered(String folder, String prefix) {
    return numbered(tree.list(folder), prefix, "");
  }

  /** The numbers of the names that are {@code prefix}, decimal digits, {@code suffix}, ascending. */
  static int[] numbered(List<String> names, String prefix, String suffix) {
    int[] ids = new int[names.size()];
    int count = 0;
    for (String name : names) {
      int end = name.length() - suffix.length();
      if (name.startsWith(prefix) && name.endsWith(suffix) && end > prefix.length() && end - prefix.length() <= 9) {
        boolean digits = true;
        for (int i = prefix.length(); i < end && digits; i++) {
          digits = isDigit(name.charAt(i));
        }
        if (digits) {
          ids[count++] = Integer.parseInt(name, prefix.length(), end, 10);
        }
      }
    }
    int[] found = Arrays.copyOf(ids, count);
    Arrays.sort(found);
    return found;
  }

  boolean isFolder(String path) {
    return tree.isFolder(path);
  }

  /** Whether the file is there; worth asking first of a file that is often missing. */
  boolean isFile(String path) {
    return tree.isFile(path);
  }

  List<String> list(String folder) {
    return tree.list(folder);
  }

  /** An error about one file of the tree. */
  SysfsException error(String path, String problem) {
    return new SysfsException(tree.where(path), problem);
  }

  /**
   * A hex CPU mask as the kernel prints it: comma-separated groups of up to 8 hex digits, each
   * group 32 CPUs, highest group first. Null when the text is not one.
   */
  static CpuSet parseMask(String text) {
    if (text.isEmpty()) {
      return CpuSet.empty();
    }
    CpuSet.Builder cpus = new CpuSet.Builder();
    int end = text.length();
    for (int group = 0; end >= 0; group++) {
      int start = text.lastIndexOf(',', end - 1) + 1;
      if (end - start < 1 || end - start > 8) {
        return null;
      }
      for (int i = end - 1; i >= start; i--) {
        int nibble = Character.digit(text.charAt(i), 16);
        if (nibble < 0) {
          return null;
        }
        int base = group * 32 + (end - 1 - i) * 4;
        for (int bit = 0; bit < 4; bit++) {
          if ((nibble & (1 << bit)) != 0) {
            if (base + bit > CpuSet.MAX_CPU_ID) {
              return null;
            }
            cpus.add(base + bit);
          }
        }
      }
      end = start - 1;
    }
    return cpus.build();
  }

  private long parseLong(String text, int start, int end) {
    int at = start;
    boolean negative = at < end && text.charAt(at) == '-';
    if (negative) {
      at++;
    }
    if (at == end || end - at > 18) {
      return Long.MIN_VALUE;
    }
    long value = 0;
    for (; at < end; at++) {
      char ch = text.charAt(at);
      if (!isDigit(ch)) {
        return Long.MIN_VALUE;
      }
      value = value * 10 + (ch - '0');
    }
    return negative ? -value : value;
  }

  private static boolean isDigit(char ch) {
    return ch >= '0' && ch <= '9';
  }

  private static boolean isSpace(byte b) {
    return b == ' ' || b == '\n' || b == '\t' || b == '\r' || b == 0x0b || b == '\f';
  }

  /** The text in quotes, control characters escaped and cut after 40 characters, so a message stays one line. */
  static String quote(String text) {
    StringBuilder quoted = new StringBuilder("\"");
    for (int i = 0; i < Math.min(text.length(), QUOTED_MAX); i++) {
      char ch = text.charAt(i);
      if (ch < 0x20 || ch == 0x7f) {
        quoted.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
      } else if (ch == '"' || ch == '\\') {
        quoted.append('\\').append(ch);
      } else {
        quoted.append(ch);
      }
    }
    return quoted.append(text.length() > QUOTED_MAX ? "...\"" : "\"").toString();
  }
}
