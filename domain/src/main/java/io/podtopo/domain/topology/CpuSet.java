package io.podtopo.domain.topology;

import io.podtopo.domain.text.GoQuote;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * An immutable set of logical CPU ids, the Java twin of upstream {@code k8s.io/utils/cpuset}.
 *
 * <p>Backed by a bit set, so set algebra is word-parallel and iteration is always ascending. The
 * textual form is the Linux cpulist used by sysfs, cgroups and the kubelet checkpoints: ascending
 * ids, runs of consecutive ids collapsed to {@code a-b}, comma separated ({@code "0-3,8,10-11"});
 * the empty set is the empty string. {@link #parse(String)} and {@link #toString()} are inverse.
 *
 * <p>Ids range from 0 to {@value #MAX_CPU_ID}.
 */
public final class CpuSet implements Iterable<Integer> {

  /** Highest CPU id accepted. */
  public static final int MAX_CPU_ID = 65_535;

  private static final long[] NO_WORDS = new long[0];
  private static final CpuSet EMPTY = new CpuSet(NO_WORDS);

  /** Words with no trailing zero word: equal sets have equal arrays. */
  private final long[] words;

  private CpuSet(long[] words) {
    this.words = words;
  }

  /** The empty set. */
  public static CpuSet empty() {
    return EMPTY;
  }

  /** The set of the given ids (duplicates allowed). */
  public static CpuSet of(int... ids) {
    Builder builder = new Builder();
    for (int id : ids) {
      builder.add(id);
    }
    return builder.build();
  }

  /** The set of the given ids. */
  public static CpuSet of(Collection<Integer> ids) {
    Builder builder = new Builder();
    ids.forEach(builder::add);
    return builder.build();
  }

  /** The ids {@code from..to}, both included; empty when {@code to < from}. */
  public static CpuSet range(int from, int to) {
    Builder builder = new Builder();
    for (int id = from; id <= to; id++) {
      builder.add(id);
    }
    return builder.build();
  }

  /**
   * Parses a Linux cpulist ({@code "0-3,8-11"}, {@code ""}). Surrounding white space and one
   * trailing newline, as sysfs writes them, are ignored.
   *
   * @throws CpuListFormatException naming the text when it is not a valid cpulist
   */
  public static CpuSet parse(String text) {
    String trimmed = text.strip();
    if (trimmed.isEmpty()) {
      return EMPTY;
    }
    Builder builder = new Builder();
    for (String part : trimmed.split(",", -1)) {
      int dash = part.indexOf('-');
      if (dash < 0) {
        builder.add(parseId(text, part));
      } else {
        int from = parseId(text, part.substring(0, dash));
        int to = parseId(text, part.substring(dash + 1));
        if (to < from) {
          throw new CpuListFormatException(text, "range " + part + " is reversed");
        }
        for (int id = from; id <= to; id++) {
          builder.add(id);
        }
      }
    }
    return builder.build();
  }

  private static int parseId(String text, String digits) {
    if (digits.isEmpty() || digits.length() > 6 || !digits.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
      throw new CpuListFormatException(text, GoQuote.of(digits) + " is not a CPU id");
    }
    int id = Integer.parseInt(digits);
    if (id > MAX_CPU_ID) {
      throw new CpuListFormatException(text, "CPU id " + id + " is above " + MAX_CPU_ID);
    }
    return id;
  }

  /** Number of CPUs in the set. */
  public int size() {
    int count = 0;
    for (long word : words) {
      count += Long.bitCount(word);
    }
    return count;
  }

  public boolean isEmpty() {
    return words.length == 0;
  }

  public boolean contains(int id) {
    int index = id >>> 6;
    return id >= 0 && index < words.length && (words[index] & (1L << id)) != 0;
  }

  /** This set plus every CPU of {@code other}. */
  public CpuSet union(CpuSet other) {
    long[] longer = words.length >= other.words.length ? words : other.words;
    long[] shorter = longer == words ? other.words : words;
    if (shorter.length == 0) {
      return longer == words ? this : other;
    }
    long[] result = longer.clone();
    for (int i = 0; i < shorter.length; i++) {
      result[i] |= shorter[i];
    }
    return new CpuSet(result);
  }

  /** The CPUs in both sets. */
  public CpuSet intersection(CpuSet other) {
    int length = Math.min(words.length, other.words.length);
    long[] result = new long[length];
    for (int i = 0; i < length; i++) {
      result[i] = words[i] & other.words[i];
    }
    return of(result);
  }

  /** The CPUs of this set that are not in {@code other}. */
  public CpuSet difference(CpuSet other) {
    if (other.isEmpty() || isEmpty()) {
      return this;
    }
    long[] result = words.clone();
    for (int i = 0; i < Math.min(words.length, other.words.length); i++) {
      result[i] &= ~other.words[i];
    }
    return of(result);
  }

  /** True when every CPU of this set is in {@code other}. */
  public boolean isSubsetOf(CpuSet other) {
    if (words.length > other.words.length) {
      return false;
    }
    for (int i = 0; i < words.length; i++) {
      if ((words[i] & ~other.words[i]) != 0) {
        return false;
      }
    }
    return true;
  }

  /** Number of CPUs in both sets, without building the intersection. */
  public int intersectionSize(CpuSet other) {
    int count = 0;
    for (int i = 0; i < Math.min(words.length, other.words.length); i++) {
      count += Long.bitCount(words[i] & other.words[i]);
    }
    return count;
  }

  /** True when the two sets share at least one CPU. */
  public boolean intersects(CpuSet other) {
    for (int i = 0; i < Math.min(words.length, other.words.length); i++) {
      if ((words[i] & other.words[i]) != 0) {
        return true;
      }
    }
    return false;
  }

  /** Lowest id. @throws NoSuchElementException when empty */
  public int first() {
    if (isEmpty()) {
      throw new NoSuchElementException("empty CPU set");
    }
    return nextAtOrAfter(0);
  }

  /** Highest id. @throws NoSuchElementException when empty */
  public int last() {
    if (isEmpty()) {
      throw new NoSuchElementException("empty CPU set");
    }
    int index = words.length - 1;
    return index * 64 + 63 - Long.numberOfLeadingZeros(words[index]);
  }

  /** Smallest id {@code >= from} in the set, or -1. */
  public int nextAtOrAfter(int from) {
    int index = from >>> 6;
    if (index >= words.length) {
      return -1;
    }
    long word = words[index] & (-1L << from);
    while (true) {
      if (word != 0) {
        return index * 64 + Long.numberOfTrailingZeros(word);
      }
      if (++index == words.length) {
        return -1;
      }
      word = words[index];
    }
  }

  /** Calls {@code action} for every id, ascending. */
  public void forEachCpu(IntConsumer action) {
    for (int index = 0; index < words.length; index++) {
      for (long word = words[index]; word != 0; word &= word - 1) {
        action.accept(index * 64 + Long.numberOfTrailingZeros(word));
      }
    }
  }

  /** The ids, ascending. */
  public IntStream stream() {
    return IntStream.iterate(nextAtOrAfter(0), id -> id >= 0, id -> nextAtOrAfter(id + 1));
  }

  /** The ids, ascending. */
  public int[] toArray() {
    return stream().toArray();
  }

  /** The ids, ascending. */
  public List<Integer> toList() {
    return stream().boxed().toList();
  }

  /** The first {@code count} ids in ascending order (all of them when the set is smaller). */
  public CpuSet firstN(int count) {
    return of(stream().limit(count).toArray());
  }

  @Override
  public java.util.Iterator<Integer> iterator() {
    return stream().iterator();
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof CpuSet that && Arrays.equals(words, that.words);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(words);
  }

  /** The Linux cpulist form, e.g. {@code "0-3,8,10-11"}; empty string for the empty set. */
  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    int start = nextAtOrAfter(0);
    while (start >= 0) {
      int end = start;
      while (contains(end + 1)) {
        end++;
      }
      if (!text.isEmpty()) {
        text.append(',');
      }
      text.append(start);
      if (end > start) {
        text.append('-').append(end);
      }
      start = nextAtOrAfter(end + 1);
    }
    return text.toString();
  }

  private static CpuSet of(long[] words) {
    int length = words.length;
    while (length > 0 && words[length - 1] == 0) {
      length--;
    }
    if (length == 0) {
      return EMPTY;
    }
    return new CpuSet(length == words.length ? words : Arrays.copyOf(words, length));
  }

  /** A mutable accumulator for building a set one id at a time. */
  public static final class Builder {
    private long[] words = new long[1];

    /** Adds one id. @throws IllegalArgumentException for an id outside 0..65535 */
    public Builder add(int id) {
      if (id < 0 || id > MAX_CPU_ID) {
        throw new IllegalArgumentException("CPU id " + id + " is outside 0.." + MAX_CPU_ID);
      }
      int index = id >>> 6;
      if (index >= words.length) {
        words = Arrays.copyOf(words, Math.max(index + 1, words.length * 2));
      }
      words[index] |= 1L << id;
      return this;
    }

    /** Adds every id of {@code set}. */
    public Builder addAll(CpuSet set) {
      set.forEachCpu(this::add);
      return this;
    }

    public CpuSet build() {
      return of(words.clone());
    }
  }
}
