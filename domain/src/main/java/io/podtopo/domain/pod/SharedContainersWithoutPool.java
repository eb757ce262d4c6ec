package io.podtopo.domain.pod;

import java.util.List;
import java.util.Map;
import org.immutables.value.Value;

/**
 * Long-running containers (sidecars and app containers) on the pod shared pool of a resource while
 * the exclusive long-running containers take the whole budget of that resource.
 */
@Value.Immutable
public abstract non-sealed class SharedContainersWithoutPool implements PoolFinding {

  @Override
  public abstract String resource();

  /** The pod's budget of the resource. */
  public abstract long budget();

  /**
   * The exclusive long-running containers, sidecars then app containers in pod order, each with what
   * it takes of the resource.
   */
  public abstract List<Map.Entry<String, Long>> exclusive();

  /** The long-running containers on the pod shared pool, sidecars then app containers, in pod order. */
  public abstract List<String> sharing();

  /** What the exclusive long-running containers take of the resource together. */
  public long exclusiveTotal() {
    return exclusive().stream().mapToLong(Map.Entry::getValue).sum();
  }

  /** Builder: {@code new SharedContainersWithoutPool.Builder().resource("cpu").budget(4)...build()}. */
  public static class Builder extends ImmutableSharedContainersWithoutPool.Builder {}
}
