package io.podtopo.domain.collect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class TrackedSortedMapTest {

  private static final Map<String, Integer> ENTRIES = Map.of("b", 2, "d", 4, "a", 1, "c", 3);

  @Test
  void itIsASortedMapLikeATreeMapOfTheSameEntries() {
    TrackedSortedMap<String, Integer> map = TrackedSortedMap.copyOf(ENTRIES);
    TreeMap<String, Integer> tree = new TreeMap<>(ENTRIES);

    assertThat(map).isEqualTo(tree).hasSameHashCodeAs(tree).hasToString(tree.toString());
    assertThat(tree).isEqualTo(map);
    assertThat(map).isNotEqualTo(new TreeMap<>(Map.of("a", 1)));
    assertThat(List.copyOf(map.entrySet())).isEqualTo(List.copyOf(tree.entrySet()));
    assertThat(List.copyOf(map.keySet())).containsExactly("a", "b", "c", "d");
    assertThat(List.copyOf(map.values())).containsExactly(1, 2, 3, 4);
    assertThat(map).hasSize(4);
    assertThat(map.isEmpty()).isFalse();
    assertThat(map.get("c")).isEqualTo(3);
    assertThat(map.get("e")).isNull();
    assertThat(map.getOrDefault("e", 5)).isEqualTo(5);
    assertThat(map.containsKey("a")).isTrue();
    assertThat(map.containsValue(4)).isTrue();
    assertThat(map.containsValue(5)).isFalse();
    assertThat(map.comparator()).isNull();
    assertThat(map.firstKey()).isEqualTo("a");
    assertThat(map.lastKey()).isEqualTo("d");
    assertThat(map.subMap("b", "d")).isEqualTo(tree.subMap("b", "d"));
    assertThat(map.headMap("c")).isEqualTo(tree.headMap("c"));
    assertThat(map.tailMap("c")).isEqualTo(tree.tailMap("c"));
    Map<String, Integer> seen = new HashMap<>();
    map.forEach(seen::put);
    assertThat(seen).isEqualTo(ENTRIES);
    assertThat(TrackedSortedMap.<String, Integer>empty()).isEmpty();
  }

  @Test
  void itCannotBeChangedInPlace() {
    TrackedSortedMap<String, Integer> map = TrackedSortedMap.copyOf(ENTRIES);

    assertThatThrownBy(() -> map.put("e", 5)).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> map.remove("a")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(map::clear).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> map.keySet().remove("a")).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> map.values().clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> map.entrySet().iterator().next().setValue(9))
        .isInstanceOf(UnsupportedOperationException.class);
    assertThatThrownBy(() -> map.headMap("c").clear()).isInstanceOf(UnsupportedOperationException.class);
    assertThat(map).isEqualTo(ENTRIES);
  }

  @Test
  void neitherKeysNorValuesMayBeNull() {
    Map<String, Integer> nullValue = new HashMap<>(ENTRIES);
    nullValue.put("e", null);
    Map<String, Integer> nullKey = new HashMap<>(ENTRIES);
    nullKey.put(null, 5);
    TrackedSortedMap<String, Integer> map = TrackedSortedMap.copyOf(ENTRIES);

    assertThatThrownBy(() -> TrackedSortedMap.copyOf(nullValue)).isInstanceOf(NullPointerException.class)
        .hasMessage("value for key e");
    assertThatThrownBy(() -> TrackedSortedMap.copyOf(nullKey)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> map.with("e", null)).isInstanceOf(NullPointerException.class)
        .hasMessage("value for key e");
    assertThatThrownBy(() -> map.with(null, 5)).isInstanceOf(NullPointerException.class);
  }

  @Test
  void withAndWithoutMakeNewMapsAndLeaveThisOneAsItWas() {
    TrackedSortedMap<String, Integer> map = TrackedSortedMap.copyOf(ENTRIES);

    assertThat(map.with("e", 5)).isEqualTo(Map.of("a", 1, "b", 2, "c", 3, "d", 4, "e", 5));
    assertThat(map.with("a", 9)).isEqualTo(Map.of("a", 9, "b", 2, "c", 3, "d", 4));
    assertThat(map.without("b")).isEqualTo(Map.of("a", 1, "c", 3, "d", 4));
    assertThat(map).isEqualTo(ENTRIES);
    assertThat(map.with("a", 1)).as("an equal value").isSameAs(map);
    assertThat(map.without("e")).as("no such key").isSameAs(map);
    assertThat(TrackedSortedMap.copyOf(map)).isSameAs(map);
  }

  @Test
  void theKeysChangedBetweenAMapAndOneDerivedFromItAreTheKeysTheDerivationsPutOrRemoved() {
    TrackedSortedMap<String, Integer> map = TrackedSortedMap.copyOf(ENTRIES);
    TrackedSortedMap<String, Integer> once = map.with("e", 5);
    TrackedSortedMap<String, Integer> thrice = once.without("b").with("a", 9);
    TrackedSortedMap<String, Integer> back = thrice.without("e");

    assertThat(TrackedSortedMap.changedKeys(map, map)).contains(new TreeSet<>());
    assertThat(TrackedSortedMap.changedKeys(map, once)).contains(new TreeSet<>(List.of("e")));
    assertThat(TrackedSortedMap.changedKeys(map, thrice)).contains(new TreeSet<>(List.of("a", "b", "e")));
    assertThat(TrackedSortedMap.changedKeys(thrice, map)).as("either way").contains(new TreeSet<>(List.of("a", "b", "e")));
    assertThat(TrackedSortedMap.changedKeys(once, back)).contains(new TreeSet<>(List.of("a", "b", "e")));
    assertThat(TrackedSortedMap.changedKeys(map, back)).as("a key put and removed again may be named")
        .contains(new TreeSet<>(List.of("a", "b", "e")));
    Optional<SortedSet<String>> keys = TrackedSortedMap.changedKeys(map, once);
    assertThatThrownBy(() -> keys.orElseThrow().add("f")).isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void mapsNeitherDerivedFromTheOtherHaveNoKnownChanges() {
    TrackedSortedMap<String, Integer> map = TrackedSortedMap.copyOf(ENTRIES);
    TrackedSortedMap<String, Integer> left = map.with("e", 5);
    TrackedSortedMap<String, Integer> right = map.with("f", 6);

    assertThat(TrackedSortedMap.changedKeys(left, right)).as("siblings").isEmpty();
    assertThat(TrackedSortedMap.changedKeys(left, right.with("g", 7))).as("a sibling's child").isEmpty();
    assertThat(TrackedSortedMap.changedKeys(map, TrackedSortedMap.copyOf(ENTRIES))).as("made apart").isEmpty();
    assertThat(TrackedSortedMap.changedKeys(map.with("e", 5), TrackedSortedMap.copyOf(ENTRIES).with("e", 5)))
        .as("made apart, derived alike").isEmpty();
  }

  @Test
  void aRecordHoldsAQuarterOfTheMapsSizeInDerivationsAtLeast64ThenANewOneStarts() {
    assertRecordLength(TrackedSortedMap.copyOf(ENTRIES), 64);
    TreeMap<String, Integer> large = new TreeMap<>();
    for (int i = 0; i < 400; i++) {
      large.put("pod-" + i, i);
    }
    assertRecordLength(TrackedSortedMap.copyOf(large), 100);
  }

  /** Derives {@code map} again and again by changing one key: {@code length} derivations stay known, not one more. */
  private static void assertRecordLength(TrackedSortedMap<String, Integer> map, int length) {
    TrackedSortedMap<String, Integer> derived = map;
    for (int i = 1; i <= length; i++) {
      derived = derived.with("a", -i);
    }
    assertThat(TrackedSortedMap.changedKeys(map, derived)).contains(new TreeSet<>(List.of("a")));

    TrackedSortedMap<String, Integer> next = derived.with("b", -1);

    assertThat(TrackedSortedMap.changedKeys(map, next)).isEmpty();
    assertThat(TrackedSortedMap.changedKeys(derived, next)).isEmpty();
    assertThat(TrackedSortedMap.changedKeys(next, next.with("c", -1))).contains(new TreeSet<>(List.of("c")));
  }
}
