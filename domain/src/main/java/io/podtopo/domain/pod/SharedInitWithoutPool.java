package io.podtopo.domain.pod;

import java.util.List;
import java.util.Map;
import org.immutables.value.Value;

/**
 * A standard init container on the pod shared pool of a resource when the exclusive sidecars
 * declared before it take the whole budget of that resource: nothing is left for it to run on.
 */
@Value.Immutable
public abstract non-sealed class SharedInitWithoutPool implements PoolFinding {

  @Override
  public abstract String resource();

  /** The init container's name. */
  public abstract String container();

  /** The pod's budget of the resource. */
  public abstract long budget();

  /** The exclusive sidecars declared before it, each with what it takes of the resource, in pod order. */
  public abstract List<Map.Entry<String, Long>> sidecars();

  /** Builder: {@code new SharedInitWithoutPool.Builder().resource("cpu").container("setup")...build()}. */
  public static class Builder extends ImmutableSharedInitWithoutPool.Builder {}
}
