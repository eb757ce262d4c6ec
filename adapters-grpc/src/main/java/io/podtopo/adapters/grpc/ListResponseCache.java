package io.podtopo.adapters.grpc;

import com.google.protobuf.CodedOutputStream;
import io.podtopo.adapters.grpc.v1.ListPodResourcesResponse;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.NodeSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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
 * wait for its result instead of encoding the same view again. That caller encodes only the pods
 * whose part of the view changed: each pod's {@code PodResources} message is kept, by its value, from
 * one answer to the next, and the answer is those messages in the view's order, written as the
 * repeated field {@code pod_resources} (the same bytes as encoding the whole response anew). A change
 * touches a pod or two, so the callers waiting for the new answer wait for those pods, not for all.
 */
final class ListResponseCache {

  /** A view and its encoded {@code ListPodResourcesResponse}; the bytes are shared, never to be written. */
  record Encoded(PodResourcesView view, byte[] bytes) {}

  private record Keyed(NodeSnapshot snapshot, Encoded encoded) {}

  private static final int POD_RESOURCES = ListPodResourcesResponse.POD_RESOURCES_FIELD_NUMBER;

  private final NodeResourceManager node;
  private final boolean enabled;
  private volatile Keyed last;
  /** Each pod's encoded message in the last answer, by the pod's part of the view; read and written under the lock. */
  private Map<PodResources, byte[]> podMessages = Map.of();

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
    PodResourcesView view = node.podResources();
    Map<PodResources, byte[]> messages = new HashMap<>(2 * view.pods().size());
    List<byte[]> inOrder = new ArrayList<>(view.pods().size());
    int size = 0;
    for (PodResources pod : view.pods()) {
      byte[] message = messages.computeIfAbsent(pod, this::podMessage);
      inOrder.add(message);
      size += CodedOutputStream.computeByteArraySize(POD_RESOURCES, message);
    }
    byte[] bytes = new byte[size];
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    try {
      for (byte[] message : inOrder) {
        out.writeByteArray(POD_RESOURCES, message);
      }
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new UncheckedIOException("writing into an array of its exact size", e);
    }
    podMessages = messages;
    Encoded fresh = new Encoded(view, bytes);
    last = new Keyed(before, fresh);
    return fresh;
  }

  /** The pod's message as the last answer encoded it, or encoded now when its part of the view changed. */
  private byte[] podMessage(PodResources pod) {
    byte[] kept = podMessages.get(pod);
    return kept != null ? kept : ToProto.pod(pod).toByteArray();
  }

  private static Encoded encode(PodResourcesView view) {
    return new Encoded(view, ToProto.list(view).toByteArray());
  }
}
