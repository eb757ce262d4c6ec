package io.podtopo.domain.topologymanager;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * One hint provider's answer: upstream's {@code map[resourceName][]TopologyHint}.
 *
 * <p>A nil or empty map ({@link #noPreference()}) means "no preference for anything". Resources
 * are kept sorted by name, so the lists reach the merge in a defined order (upstream iterates a Go
 * map, in random order, and the non-preferred tie-breaks of the merge can depend on that order).
 */
public final class ProviderHints {

  private static final ProviderHints NO_PREFERENCE = new ProviderHints(new TreeMap<>());

  private final SortedMap<String, ResourceHints> resources;

  private ProviderHints(SortedMap<String, ResourceHints> resources) {
    this.resources = Collections.unmodifiableSortedMap(resources);
  }

  /** Upstream's nil or empty map: the provider has no preference for any resource. */
  public static ProviderHints noPreference() {
    return NO_PREFERENCE;
  }

  /** A provider answer with these resources. */
  public static ProviderHints of(Map<String, ResourceHints> resources) {
    return resources.isEmpty() ? NO_PREFERENCE : new ProviderHints(new TreeMap<>(resources));
  }

  /** A provider answer for one resource. */
  public static ProviderHints of(String resource, ResourceHints hints) {
    return of(Map.of(resource, hints));
  }

  /** A provider answer for one resource with these hints. */
  public static ProviderHints of(String resource, TopologyHint... hints) {
    return of(resource, ResourceHints.of(hints));
  }

  /** The resources by name. */
  public SortedMap<String, ResourceHints> resources() {
    return resources;
  }

  public boolean isNoPreference() {
    return resources.isEmpty();
  }

  /**
   * Upstream {@code filterProvidersHints}: the hint lists of every provider, in provider order and
   * within a provider in resource-name order. A provider without preference contributes
   * {@code [{nil, preferred}]}.
   */
  public static List<List<TopologyHint>> forMerge(List<ProviderHints> providers) {
    return perResource(providers, ResourceHints::forMerge);
  }

  /** The resources' answers in {@link #forMerge} order, as given (described lists stay described). */
  static List<ResourceHints> resourceLists(List<ProviderHints> providers) {
    return perResource(providers, Function.identity());
  }

  private static <T> List<T> perResource(List<ProviderHints> providers, Function<ResourceHints, T> list) {
    List<T> lists = new ArrayList<>();
    for (ProviderHints provider : providers) {
      if (provider.isNoPreference()) {
        lists.add(list.apply(ResourceHints.noPreference()));
      } else {
        provider.resources.values().forEach(hints -> lists.add(list.apply(hints)));
      }
    }
    return lists;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ProviderHints that && resources.equals(that.resources);
  }

  @Override
  public int hashCode() {
    return resources.hashCode();
  }

  @Override
  public String toString() {
    return resources.toString();
  }
}
