package io.podtopo.domain.topology;

import io.podtopo.domain.text.GoQuote;
import java.util.Comparator;
import java.util.Optional;
import org.immutables.value.Value;

/**
 * One device a device plugin advertises (upstream {@code pluginapi.Device}): the extended resource it
 * belongs to ({@code nvidia.com/gpu}, {@code intel.com/sriov_netdevice}), its id, unique within the
 * resource, the NUMA node it is attached to (empty: the plugin reports no topology) and its health.
 */
@Value.Immutable
public abstract class Device {

  /** By resource name, then by id in {@link DeviceIds#ORDER}: the order devices are listed in. */
  public static final Comparator<Device> ORDER =
      Comparator.comparing(Device::resource).thenComparing(Device::id, DeviceIds.ORDER);

  public abstract String resource();

  public abstract String id();

  /** The NUMA node the plugin reports; empty when it reports no topology. */
  public abstract Optional<Integer> numaNode();

  /** {@code Health == Healthy}: only healthy devices are given out. */
  @Value.Default
  public boolean healthy() {
    return true;
  }

  /** A healthy device on {@code numaNode}, or without topology when it is null. */
  public static Device of(String resource, String id, Integer numaNode) {
    return new Builder().resource(resource).id(id).numaNode(Optional.ofNullable(numaNode)).build();
  }

  @Value.Check
  protected void check() {
    if (resource().isEmpty()) {
      throw new InvalidMachineException("device " + GoQuote.of(id()) + ": the resource name is empty");
    }
    if (id().isEmpty()) {
      throw new InvalidMachineException("a device of " + GoQuote.of(resource()) + " has an empty id");
    }
    numaNode().ifPresent(node -> {
      if (node < 0 || node > NumaNode.MAX_ID) {
        throw new InvalidMachineException("device " + GoQuote.of(id()) + " of " + GoQuote.of(resource())
            + ": NUMA node " + node + " is outside 0.." + NumaNode.MAX_ID);
      }
    });
  }

  /**
   * Upstream {@code IsExtendedResourceName}: a {@code domain/name} whose domain is not
   * {@code kubernetes.io} (nor a subdomain of it) and that does not start with {@code requests.}.
   */
  public static boolean isExtendedResourceName(String name) {
    int slash = name.indexOf('/');
    if (slash <= 0 || slash == name.length() - 1 || name.startsWith("requests.")) {
      return false;
    }
    String domain = name.substring(0, slash);
    return !domain.equals("kubernetes.io") && !domain.endsWith(".kubernetes.io");
  }

  @Override
  public String toString() {
    return resource() + "/" + id() + numaNode().map(node -> "@" + node).orElse("") + (healthy() ? "" : " unhealthy");
  }

  /** Builder: {@code new Device.Builder().resource("nvidia.com/gpu").id("GPU-0").numaNode(0).build()}. */
  public static class Builder extends ImmutableDevice.Builder {}
}
