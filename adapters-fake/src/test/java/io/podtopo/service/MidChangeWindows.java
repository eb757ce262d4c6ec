package io.podtopo.service;

import io.podtopo.ports.in.NodeSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Windows in the middle of the writer's changes, in which every reader must complete a read: the
 * proof that reads overlap writes. The writer, holding the service's write lock in the middle of a
 * change (called back by the cpuset writer, after the change was published), opens a window and
 * waits until each reader has completed a read that started and ended inside it; a reader that
 * needs the write lock cannot, and the writer gives up after {@code patience} with an
 * {@link AssertionError} naming the change.
 *
 * <p>What each read inside a window saw is kept: it must be the snapshot the change published.
 */
final class MidChangeWindows {

  /** One window: the change's index, the snapshot it published, the readers that read inside it. */
  static final class Window {
    final int change;
    final NodeSnapshot published;
    final Map<Integer, NodeSnapshot> seen = new ConcurrentHashMap<>();
    private final CountDownLatch everyReader;

    private Window(int change, NodeSnapshot published, int readers) {
      this.change = change;
      this.published = published;
      this.everyReader = new CountDownLatch(readers);
    }
  }

  private final int readers;
  private final Duration patience;
  private final List<Window> held = Collections.synchronizedList(new ArrayList<>());
  private final Set<NodeSnapshot> published = Collections.synchronizedSet(
      Collections.newSetFromMap(new IdentityHashMap<>()));
  private volatile Supplier<NodeSnapshot> current = () -> {
    throw new IllegalStateException("watch(node::snapshot) first");
  };
  private volatile Window open;

  MidChangeWindows(int readers, Duration patience) {
    this.readers = readers;
    this.patience = patience;
  }

  /** The service whose published snapshots the windows record. */
  void watch(Supplier<NodeSnapshot> snapshot) {
    this.current = snapshot;
    published.add(snapshot.get());
  }

  /**
   * Called by the writer's thread inside a change: records the snapshot the change published, then
   * (once per published snapshot) holds the writer until every reader has read inside the window.
   *
   * @throws AssertionError when a reader completed no read within {@code patience}
   */
  void holdWriter() {
    NodeSnapshot now = current.get();
    if (!published.add(now)) {
      return;
    }
    Window window = new Window(held.size(), now, readers);
    held.add(window);
    open = window;
    try {
      if (!window.everyReader.await(patience.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError("while change " + window.change + " was midway (the writer holding the write lock"
            + " for " + patience.toSeconds() + " s), only readers " + window.seen.keySet() + " of " + readers
            + " completed a read: readers wait for the writer");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted in change " + window.change, e);
    } finally {
      open = null;
    }
  }

  /** Called by a reader before it reads: the window open now, or null. */
  Window beforeRead() {
    return open;
  }

  /**
   * Called by reader {@code reader} after a read that saw {@code snapshot}: the read counts for
   * {@code startedIn} when that window is still open, so it started and ended inside it.
   */
  void afterRead(int reader, Window startedIn, NodeSnapshot snapshot) {
    if (startedIn != null && open == startedIn && startedIn.seen.putIfAbsent(reader, snapshot) == null) {
      startedIn.everyReader.countDown();
    }
  }

  /** The windows the writer was held in, in change order. */
  List<Window> held() {
    synchronized (held) {
      return List.copyOf(held);
    }
  }

  /** Whether {@code snapshot} is one the service published (the same object, not an equal one). */
  boolean wasPublished(NodeSnapshot snapshot) {
    return published.contains(snapshot);
  }
}
