package io.podtopo.adapters.linux.kubelet;

import io.podtopo.domain.text.GoQuote;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code cpuset.Parse} of {@code k8s.io/utils/cpuset}, with its error texts
 * ({@code strconv.Atoi: parsing "1.3": invalid syntax}, {@code invalid range "5-3" (5 > 3)}), and the
 * Go value of a parsed {@code cpuset.CPUSet} ({@code {elems: map[int]struct{}}}) for checksums.
 */
final class GoCpuSet {

  private static final String ELEMS = "map[int]struct {}";

  private GoCpuSet() {}

  /** A parse error with Go's text. */
  static final class ParseException extends Exception {
    private static final long serialVersionUID = 1L;

    ParseException(String message) {
      super(message);
    }
  }

  /**
   * The CPUs of a Linux cpulist such as {@code 0-3,8}; the empty text is the empty set.
   *
   * @throws ParseException with Go's text, or when a CPU id is beyond what a {@link CpuSet} holds
   */
  static CpuSet parse(String text) throws ParseException {
    TreeSet<Long> ids = new TreeSet<>();
    if (!text.isEmpty()) {
      for (String range : text.split(",", -1)) {
        int dash = range.indexOf('-');
        if (dash < 0) {
          ids.add(atoi(range));
          continue;
        }
        long start = atoi(range.substring(0, dash));
        long end = atoi(range.substring(dash + 1));
        if (start > end) {
          throw new ParseException("invalid range " + GoQuote.of(range) + " (" + start + " > " + end + ")");
        }
        for (long id = start; id <= end; id++) {
          checkId(id);
          ids.add(id);
        }
      }
    }
    CpuSet.Builder cpus = new CpuSet.Builder();
    for (long id : ids) {
      checkId(id);
      cpus.add((int) id);
    }
    return cpus.build();
  }

  /** The Go value of {@code cpuset.Parse(text)}'s result: {@code (cpuset.CPUSet){elems:map[...]}}. */
  static GoValue value(CpuSet cpus) {
    List<GoValue.Entry> elems = new ArrayList<>();
    GoValue.GoStruct empty = new GoValue.GoStruct("struct {}", List.of());
    cpus.forEachCpu(cpu -> elems.add(new GoValue.Entry(
        new GoValue.Scalar("int", GoValue.Kind.INT, Integer.toString(cpu)), empty)));
    return new GoValue.GoStruct("cpuset.CPUSet",
        List.of(new GoValue.Field("elems", new GoValue.GoMap(ELEMS, false, elems))));
  }

  private static void checkId(long id) throws ParseException {
    if (id < 0 || id > CpuSet.MAX_CPU_ID) {
      throw new ParseException("CPU id " + id + " is out of the supported range 0-" + CpuSet.MAX_CPU_ID);
    }
  }

  /** {@code strconv.Atoi}: an optional sign and decimal digits. */
  private static long atoi(String text) throws ParseException {
    String digits = text.startsWith("+") || text.startsWith("-") ? text.substring(1) : text;
    if (digits.isEmpty() || !digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      throw new ParseException("strconv.Atoi: parsing " + GoQuote.of(text) + ": invalid syntax");
    }
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new ParseException("strconv.Atoi: parsing " + GoQuote.of(text) + ": value out of range");
    }
  }
}
