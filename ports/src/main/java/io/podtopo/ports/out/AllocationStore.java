package io.podtopo.ports.out;

import io.podtopo.ports.in.NodeSnapshot;
import java.util.Optional;

/**
 * Durable allocations: the node's last saved {@link NodeSnapshot} (resource-manager state, active
 * pods, removed containers), the kubelet's checkpoint files in one.
 *
 * <p><b>Promises.</b> {@link #save} is atomic: afterwards {@link #load} returns either the old
 * snapshot or the new one, never a mix or a torn write, even across a crash. A saved snapshot loads
 * back equal.
 *
 * <p><b>Threading.</b> The service calls {@link #save} from one writer at a time; implementations
 * need not order concurrent saves but must be safe to call from any thread.
 *
 * <p><b>Errors.</b> Both operations fail with {@link AllocationStoreException}: a save that fails
 * leaves the previous snapshot in place; a store whose content cannot be read (corrupt, unknown
 * format) is refused with a clear message instead of being treated as empty.
 */
public interface AllocationStore {

  /** The last saved snapshot; empty when nothing was ever saved. */
  Optional<NodeSnapshot> load();

  /** Replaces the saved snapshot atomically. */
  void save(NodeSnapshot snapshot);
}
