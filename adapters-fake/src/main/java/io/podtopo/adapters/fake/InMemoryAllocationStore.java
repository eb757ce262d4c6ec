package io.podtopo.adapters.fake;

import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.AllocationStore;
import io.podtopo.ports.out.AllocationStoreException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An {@link AllocationStore} in memory: a save replaces the snapshot in one atomic step. For tests it
 * can be made to fail its next save ({@link #failNextSave}), counts its saves, and logs each one as
 * {@code save} to an {@link EventLog}.
 */
public final class InMemoryAllocationStore implements AllocationStore {

  private final AtomicReference<NodeSnapshot> saved;
  private final AtomicBoolean failNext = new AtomicBoolean();
  private final AtomicInteger saves = new AtomicInteger();
  private final EventLog log;

  /** An empty store. */
  public InMemoryAllocationStore() {
    this(new EventLog());
  }

  /** An empty store logging its saves to {@code log}. */
  public InMemoryAllocationStore(EventLog log) {
    this.saved = new AtomicReference<>();
    this.log = log;
  }

  /** A store holding {@code snapshot}, as a node restarting with a checkpoint finds it. */
  public static InMemoryAllocationStore holding(NodeSnapshot snapshot) {
    InMemoryAllocationStore store = new InMemoryAllocationStore();
    store.saved.set(snapshot);
    return store;
  }

  @Override
  public Optional<NodeSnapshot> load() {
    return Optional.ofNullable(saved.get());
  }

  /** @throws AllocationStoreException when {@link #failNextSave} was called since the last save */
  @Override
  public void save(NodeSnapshot snapshot) {
    if (failNext.getAndSet(false)) {
      log.add("save failed");
      throw new AllocationStoreException("in-memory store: save failed as requested by the test");
    }
    saved.set(snapshot);
    saves.incrementAndGet();
    log.add("save");
  }

  /** Makes the next {@link #save} fail with {@link AllocationStoreException} and keep the old snapshot. */
  public void failNextSave() {
    failNext.set(true);
  }

  /** How many saves succeeded. */
  public int saves() {
    return saves.get();
  }
}
