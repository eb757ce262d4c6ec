package io.podtopo.domain.topologymanager;

import io.podtopo.domain.topology.NumaMask;
import java.util.Optional;
import java.util.stream.Collectors;
import org.immutables.value.Value;

/**
 * A topology hint: a NUMA affinity and whether it is preferred. An empty affinity is upstream's nil
 * mask, "any NUMA node / no preference".
 */
@Value.Immutable
public abstract class TopologyHint {

  /** The NUMA nodes, or empty for "any" (upstream's nil mask). */
  public abstract Optional<NumaMask> affinity();

  public abstract boolean preferred();

  /** A hint; {@code affinity} may be null for "any". */
  public static TopologyHint of(NumaMask affinity, boolean preferred) {
    return new Builder().affinity(Optional.ofNullable(affinity)).preferred(preferred).build();
  }

  /** The hint with no affinity ("any"). */
  public static TopologyHint any(boolean preferred) {
    return of(null, preferred);
  }

  /** As {@code --explain} shows it: {@code {0 preferred}}, {@code {0,1 not preferred}}, {@code {any preferred}}. */
  @Override
  public String toString() {
    return "{" + affinity().map(mask -> mask.nodes().stream().map(String::valueOf).collect(Collectors.joining(",")))
        .orElse("any") + (preferred() ? " preferred}" : " not preferred}");
  }

  /** Builder: {@code new TopologyHint.Builder().affinity(mask).preferred(true).build()}. */
  public static class Builder extends ImmutableTopologyHint.Builder {}
}
