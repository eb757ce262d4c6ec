package io.podtopo.domain.collect;

import java.util.AbstractMap;
import java.util.Collections;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * An immutable map in the natural order of its keys that remembers how it was derived, so that what
 * changed from one map to a later one is known without comparing every key: the domain's per-pod
 * maps of the node state, which a saved state's journal records pod by pod (ADR 0010).
 *
 * <p>A map made by {@link #with} or {@link #without} from another records the one key it changed and
 * the record of the map it came from (a small node, never the map itself: a map does not keep the
 * entries of the maps before it alive). {@link #changedKeys} follows those records from the later of
 * two maps back to the earlier: when one was derived from the other, the keys changed on the way are
 * the only keys at which they can map differently. A record holds at most as many derivations as a
 * quarter of the map's size, at least 64; the derivation after that starts a new record, as a map made
 * by {@link #copyOf} does, so memory does not grow with the map's history, and {@link #changedKeys}
 * then says it does not know.
 *
 * <p>Otherwise it is an unmodifiable {@link SortedMap} like a {@link TreeMap} of the same entries:
 * equal to any map of the same entries, with the same hash code, iteration order and text. Neither
 * keys nor values may be null.
 *
 * @param <K> the keys, in their natural order
 * @param <V> the values, immutable
 */
public final class TrackedSortedMap<K extends Comparable<? super K>, V> extends AbstractMap<K, V>
    implements SortedMap<K, V> {

  /** The fewest derivations a record holds before a new one starts. */
  private static final int SHORTEST_RECORD = 64;

  private static final TrackedSortedMap<String, Object> EMPTY =
      new TrackedSortedMap<String, Object>(new TreeMap<>(), new Step<String>());

  /**
   * How a map was made: from the map whose step is {@code from} by putting or removing {@code key},
   * the {@code depth}-th derivation of its record; {@code from} is null at the start of a record.
   */
  private static final class Step<K> {
    private final Step<K> from;
    private final K key;
    private final int depth;

    /** The start of a record. */
    Step() {
      this(null, null, 0);
    }

    private Step(Step<K> from, K key, int depth) {
      this.from = from;
      this.key = key;
      this.depth = depth;
    }
  }

  private final TreeMap<K, V> entries;
  private final SortedMap<K, V> view;
  private final Step<K> step;

  private TrackedSortedMap(TreeMap<K, V> entries, Step<K> step) {
    this.entries = entries;
    this.view = Collections.unmodifiableSortedMap(entries);
    this.step = step;
  }

  /** The empty map. */
  @SuppressWarnings("unchecked")
  public static <K extends Comparable<? super K>, V> TrackedSortedMap<K, V> empty() {
    return (TrackedSortedMap<K, V>) (TrackedSortedMap<?, ?>) EMPTY;
  }

  /**
   * A map of the entries of {@code map}, starting a new record; {@code map} itself when it is a
   * tracked map already.
   *
   * @throws NullPointerException when a key or a value is null
   */
  @SuppressWarnings("unchecked")
  public static <K extends Comparable<? super K>, V> TrackedSortedMap<K, V> copyOf(Map<? extends K, ? extends V> map) {
    if (map instanceof TrackedSortedMap<?, ?> tracked) {
      return (TrackedSortedMap<K, V>) tracked; // immutable: a map of subtypes is a map of the types
    }
    TreeMap<K, V> copy = new TreeMap<>();
    map.forEach((key, value) -> copy.put(Objects.requireNonNull(key, "key"),
        Objects.requireNonNull(value, () -> "value for key " + key)));
    return new TrackedSortedMap<>(copy, new Step<>());
  }

  /**
   * This map with {@code key} mapped to {@code value}: this map itself when it maps the key to an
   * equal value already, else a map derived from this one by changing {@code key}.
   */
  public TrackedSortedMap<K, V> with(K key, V value) {
    Objects.requireNonNull(value, () -> "value for key " + key);
    if (value.equals(entries.get(key))) {
      return this;
    }
    TreeMap<K, V> next = new TreeMap<>(entries);
    next.put(key, value);
    return derived(next, key);
  }

  /**
   * This map without {@code key}: this map itself when it has no such key, else a map derived from
   * this one by changing {@code key}.
   */
  public TrackedSortedMap<K, V> without(K key) {
    if (!entries.containsKey(key)) {
      return this;
    }
    TreeMap<K, V> next = new TreeMap<>(entries);
    next.remove(key);
    return derived(next, key);
  }

  private TrackedSortedMap<K, V> derived(TreeMap<K, V> next, K key) {
    int depth = step.depth + 1;
    boolean full = depth > Math.max(SHORTEST_RECORD, next.size() / 4);
    return new TrackedSortedMap<>(next, full ? new Step<>() : new Step<>(step, key, depth));
  }

  /**
   * The keys at which {@code a} and {@code b} may map differently, when one of them was derived from
   * the other by {@link #with} and {@link #without} (or they are the same map): every key the
   * derivations between them put or removed, in order; a key outside it maps alike in both. Empty when
   * neither was derived from the other as far as their records tell (made apart, derived from a third
   * map, or a new record started between them).
   */
  public static <K extends Comparable<? super K>> Optional<SortedSet<K>> changedKeys(TrackedSortedMap<K, ?> a,
      TrackedSortedMap<K, ?> b) {
    Step<K> earlier = a.step.depth <= b.step.depth ? a.step : b.step;
    Step<K> later = earlier == a.step ? b.step : a.step;
    SortedSet<K> keys = new TreeSet<>();
    while (later.depth > earlier.depth) {
      keys.add(later.key);
      later = later.from;
    }
    return later == earlier ? Optional.of(Collections.unmodifiableSortedSet(keys)) : Optional.empty();
  }

  @Override
  public V get(Object key) {
    return entries.get(key);
  }

  @Override
  public boolean containsKey(Object key) {
    return entries.containsKey(key);
  }

  @Override
  public Set<Map.Entry<K, V>> entrySet() {
    return view.entrySet();
  }

  @Override
  public Comparator<? super K> comparator() {
    return null;
  }

  @Override
  public SortedMap<K, V> subMap(K fromKey, K toKey) {
    return view.subMap(fromKey, toKey);
  }

  @Override
  public SortedMap<K, V> headMap(K toKey) {
    return view.headMap(toKey);
  }

  @Override
  public SortedMap<K, V> tailMap(K fromKey) {
    return view.tailMap(fromKey);
  }

  @Override
  public K firstKey() {
    return entries.firstKey();
  }

  @Override
  public K lastKey() {
    return entries.lastKey();
  }
}
