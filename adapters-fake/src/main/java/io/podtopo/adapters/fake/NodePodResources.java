package io.podtopo.adapters.fake;

import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.out.PodResourcesReader;
import java.util.Objects;
import java.util.Optional;

/**
 * The {@link PodResourcesReader} of a node in this process: what its {@link NodeResourceManager}
 * reports, as podtopo's PodResources server answers it ({@code Get} picks the pod from the
 * {@code List} view), without a socket. It never fails.
 */
public final class NodePodResources implements PodResourcesReader {

  private final NodeResourceManager node;

  public NodePodResources(NodeResourceManager node) {
    this.node = Objects.requireNonNull(node, "node");
  }

  @Override
  public PodResourcesView list() {
    return node.podResources();
  }

  @Override
  public Optional<PodResources> get(String namespace, String name) {
    return node.podResources().pod(name, namespace);
  }

  @Override
  public AllocatableResources allocatable() {
    return node.allocatable();
  }
}
