package io.podtopo.domain.pod;

import org.immutables.value.Value;

/**
 * A standard init container whose exclusive request of a resource is more than the pool it runs
 * beside: the budget less the exclusive sidecars declared before it.
 */
@Value.Immutable
public abstract non-sealed class ExclusiveInitBeyondPool implements PoolFinding {

  @Override
  public abstract String resource();

  /** The init container's name. */
  public abstract String container();

  /** What it asks for exclusively. */
  public abstract long requested();

  /** The budget less the exclusive sidecars declared before it (negative when they exceed it). */
  public abstract long pool();

  /** Builder: {@code new ExclusiveInitBeyondPool.Builder().resource("cpu").container("init")...build()}. */
  public static class Builder extends ImmutableExclusiveInitBeyondPool.Builder {}
}
