package io.podtopo.adapters.grpc;

import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.NodeSnapshot;

/**
 * The {@code List} answer of a node's current snapshot, encoded once and served to every caller
 * until the node changes.
 *
 * <p>The cache is keyed by the identity of the {@link NodeSnapshot}: the node publishes a new
 * snapshot instance with every change and never publishes an old one again, so an unchanged
 * instance means an unchanged view. On a miss the view is read with one
 * {@link NodeResourceManager#podResources} call (one whole snapshot) after the key was read, so it
 * is the key's snapshot or a later one; in the later case the key is already gone for good and the
 * entry is never served again. Either way an answer is never older than the snapshot that was
 * current when the call began: a change that completed before a call is always in its answer.
 *
 * <p>Readers of a cached answer never lock; after a change one caller encodes while the others
 * wait for its result instead of encoding the same view again.
 */
final class ListResponseCache {

  /** A view and its encoded {@code ListPodResourcesResponse}; the bytes are shared, never to be written. */
  record Encoded(PodResourcesView view, byte[] bytes) {}

  private record Keyed(NodeSnapshot snapshot, Encoded encoded) {}

  private final NodeResourceManager node;
  private final boolean enabled;
  private volatile Keyed last;

  /** A cache over {@code node}; a disabled one reads and encodes the view for every call. */
  ListResponseCache(NodeResourceManager node, boolean enabled) {
    this.node = node;
    this.enabled = enabled;
  }

  /** The view of the node's current snapshot: the cached one, or without the cache a fresh one (not encoded). */
  PodResourcesView view() {
    return enabled ? current().view() : node.podResources();
  }

  /** The answer for the node's current snapshot. */
  Encoded current() {
    if (!enabled) {
      return encode(node.podResources());
    }
    NodeSnapshot snapshot = node.snapshot();
    Keyed cached = last;
    return cached != null && cached.snapshot() == snapshot ? cached.encoded() : refresh(snapshot);
  }

  private synchronized Encoded refresh(NodeSnapshot before) {
    Keyed cached = last;
    if (cached != null && cached.snapshot() == before) {
      return cached.encoded();
    }
    Encoded fresh = encode(node.podResources());
    last = new Keyed(before, fresh);
    return fresh;
  }

  private static Encoded encode(PodResourcesView view) {
    return new Encoded(view, ToProto.list(view).toByteArray());
  }
}
