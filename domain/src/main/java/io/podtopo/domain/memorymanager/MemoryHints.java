package io.podtopo.domain.memorymanager;

import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the Memory Manager answers the Topology Manager, upstream
 * {@code map[string][]TopologyHint}: either nil ("no preference", {@link #noPreference()}) or hints
 * by resource. An empty map is also "no preference" to the Topology Manager; an empty list for a
 * resource means "no possible affinity" and makes every merge non-preferred.
 */
public final class MemoryHints {

  private static final MemoryHints NO_PREFERENCE = new MemoryHints(null);

  private final SortedMap<String, ResourceHints> byResource;

  private MemoryHints(SortedMap<String, ResourceHints> byResource) {
    this.byResource = byResource;
  }

  /** The nil map. */
  public static MemoryHints noPreference() {
    return NO_PREFERENCE;
  }

  /** Hints by resource; the lists are copied. */
  public static MemoryHints of(SortedMap<String, List<TopologyHint>> byResource) {
    SortedMap<String, ResourceHints> copy = new TreeMap<>();
    byResource.forEach((resource, hints) -> copy.put(resource, ResourceHints.of(hints)));
    return new MemoryHints(Collections.unmodifiableSortedMap(copy));
  }

  /** Hints by resource, as the merge reads them (packed lists stay packed). */
  static MemoryHints ofResourceHints(SortedMap<String, ResourceHints> byResource) {
    return new MemoryHints(Collections.unmodifiableSortedMap(new TreeMap<>(byResource)));
  }

  /** Whether this is upstream's nil map. */
  public boolean isNil() {
    return byResource == null;
  }

  /** The hints by resource; an empty map for nil. */
  public SortedMap<String, List<TopologyHint>> byResource() {
    SortedMap<String, List<TopologyHint>> lists = new TreeMap<>();
    resourceHints().forEach((resource, hints) -> lists.put(resource, hints.hints()));
    return Collections.unmodifiableSortedMap(lists);
  }

  /** The hints by resource as the Topology Manager reads them; an empty map for nil. */
  public SortedMap<String, ResourceHints> resourceHints() {
    return byResource == null ? Collections.emptySortedMap() : byResource;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof MemoryHints that && Objects.equals(byResource, that.byResource);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(byResource);
  }

  @Override
  public String toString() {
    return byResource == null ? "nil" : byResource.toString();
  }
}
