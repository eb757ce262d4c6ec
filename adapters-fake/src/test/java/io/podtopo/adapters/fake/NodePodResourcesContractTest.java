package io.podtopo.adapters.fake;

import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.out.PodResourcesReader;
import io.podtopo.ports.out.PodResourcesReaderContract;

/**
 * {@link NodePodResources} keeps {@link PodResourcesReader}'s promises; having no endpoint, it cannot
 * fail to reach one.
 */
class NodePodResourcesContractTest implements PodResourcesReaderContract {

  @Override
  public PodResourcesReader readerOf(NodeResourceManager node) {
    return new NodePodResources(node);
  }
}
