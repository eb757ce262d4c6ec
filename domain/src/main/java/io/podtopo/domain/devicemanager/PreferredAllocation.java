package io.podtopo.domain.devicemanager;

import java.util.List;
import java.util.Optional;
import java.util.SortedSet;

/**
 * A device plugin's {@code GetPreferredAllocation}: given the devices it may choose from, those it
 * must include and how many the container needs, the devices it would rather give. The Device
 * Manager takes the preferred ones that are allowed, then fills up by its own order.
 */
@FunctionalInterface
public interface PreferredAllocation {

  /**
   * The plugin's preference, or empty when it does not offer {@code GetPreferredAllocation}
   * ({@code GetPreferredAllocationAvailable} false, as for every device of a machine description).
   */
  Optional<List<String>> preferred(String resource, SortedSet<String> available, SortedSet<String> mustInclude,
      int size);

  /** Plugins without {@code GetPreferredAllocation}. */
  static PreferredAllocation none() {
    return (resource, available, mustInclude, size) -> Optional.empty();
  }
}
