package io.podtopo.domain.devicemanager;

import io.podtopo.domain.admission.DevicesUnavailableError;
import io.podtopo.domain.topology.DeviceIds;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One run of upstream {@code devicesToAllocate}: the devices of one resource a container gets, in
 * the order upstream takes them: reusable devices of the pod's standard init containers, then,
 * when the hint's NUMA nodes have more available devices than needed, the plugin's preferred ones
 * among them and the rest of them; otherwise all of them, the plugin's preferred ones among all
 * available devices, those on other NUMA nodes and those without topology.
 *
 * <p>Not modelled: upstream's shortcut for containers the runtime reports running while the
 * kubelet restarts (a restored pod's containers already hold their devices here).
 */
final class DeviceSelection {

  private final DeviceManager manager;
  private final DeviceManagerState state;
  private final String resource;
  private final long required;
  private final TopologyHint hint;
  private final PreferredAllocation plugins;
  private final SortedSet<String> inUse;
  private final SortedSet<String> allocated = new TreeSet<>(DeviceIds.ORDER);
  private long needed;

  DeviceSelection(DeviceManager manager, DeviceManagerState state, String resource, long required, TopologyHint hint,
      PreferredAllocation plugins) {
    this.manager = manager;
    this.state = state;
    this.resource = resource;
    this.required = required;
    this.hint = hint;
    this.plugins = plugins;
    this.inUse = new TreeSet<>(DeviceIds.ORDER);
    this.inUse.addAll(state.allocated(resource));
    this.needed = required;
  }

  SortedSet<String> select(String podUid, String container, SortedSet<String> reusable) {
    SortedSet<String> held = state.containerDevices(podUid, container, resource);
    if (!held.isEmpty()) {
      needed -= held.size();
      if (needed != 0) {
        throw new DeviceAllocationException(String.format("pod %s container %s changed request for resource %s"
            + " from %d to %d", quote(podUid), quote(container), quote(resource), held.size(), required));
      }
    }
    if (!manager.isRegistered(resource)) {
      throw new DeviceAllocationException("cannot allocate unregistered device " + resource);
    }
    SortedSet<String> healthy = manager.healthy(resource);
    if (healthy.isEmpty()) {
      throw new DeviceAllocationException("no healthy devices present; cannot allocate unhealthy devices " + resource);
    }
    if (!healthy.containsAll(held)) {
      throw new DeviceAllocationException(
          "previously allocated devices are no longer healthy; cannot allocate unhealthy devices " + resource);
    }
    if (needed == 0) {
      return emptySet();
    }
    if (takeFrom(reusable)) {
      return result();
    }
    SortedSet<String> available = new TreeSet<>(DeviceIds.ORDER);
    available.addAll(healthy);
    available.removeAll(inUse);
    if (available.size() < needed) {
      throw new DeviceAllocationException(DevicesUnavailableError.of(resource, needed, available.size()));
    }
    AffinityOrder order = manager.affinityOrder(resource, available, hint);
    if (needed < order.aligned().size()) {
      if (takeFrom(AffinityOrder.within(order.aligned(), preferred(union(order.aligned(), allocated))))
          || takeFrom(order.aligned())) {
        return result();
      }
      throw lessThanRequired();
    }
    if (takeFrom(order.aligned())) {
      return result();
    }
    LinkedHashSet<String> availableInOrder = new LinkedHashSet<>(order.aligned());
    availableInOrder.addAll(order.unaligned());
    availableInOrder.addAll(order.withoutTopology());
    if (takeFrom(AffinityOrder.within(availableInOrder, preferred(union(available, allocated))))
        || takeFrom(order.unaligned()) || takeFrom(order.withoutTopology())) {
      return result();
    }
    throw lessThanRequired();
  }

  /** Upstream {@code allocateRemainingFrom}: true once nothing more is needed. */
  private boolean takeFrom(Collection<String> devices) {
    for (String device : devices) {
      if (allocated.contains(device)) {
        continue;
      }
      inUse.add(device);
      allocated.add(device);
      needed--;
      if (needed == 0) {
        return true;
      }
    }
    return false;
  }

  /** Upstream {@code callGetPreferredAllocationIfAvailable}; nothing when the plugin lacks it. */
  private SortedSet<String> preferred(SortedSet<String> available) {
    SortedSet<String> mustInclude = Collections.unmodifiableSortedSet(new TreeSet<>(allocated));
    List<String> answer = plugins.preferred(resource, Collections.unmodifiableSortedSet(available), mustInclude,
        Math.toIntExact(Math.min(required, Integer.MAX_VALUE))).orElse(List.of());
    SortedSet<String> ids = new TreeSet<>(DeviceIds.ORDER);
    ids.addAll(answer);
    return ids;
  }

  private static SortedSet<String> union(Collection<String> a, Collection<String> b) {
    SortedSet<String> union = new TreeSet<>(DeviceIds.ORDER);
    union.addAll(a);
    union.addAll(b);
    return union;
  }

  private DeviceAllocationException lessThanRequired() {
    return new DeviceAllocationException(String.format(
        "unexpectedly allocated less resources than required. Requested: %d, Got: %d", required, required - needed));
  }

  private SortedSet<String> result() {
    return Collections.unmodifiableSortedSet(allocated);
  }

  private static SortedSet<String> emptySet() {
    return Collections.unmodifiableSortedSet(new TreeSet<>(DeviceIds.ORDER));
  }

  private static String quote(String text) {
    return io.podtopo.domain.text.GoQuote.of(text);
  }
}
