package io.podtopo.adapters.grpc;

import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import java.util.List;

/**
 * Answers no correct node gives, made from one it does, for a {@link FakeKubelet} to serve to the
 * audit's tests (app's {@code AuditCommandTest}, release's {@code ContainerIT}).
 */
public final class MisreportedViews {

  private MisreportedViews() {}

  /**
   * {@code view} with every container that has no exclusive CPUs reported with its pod's shared pool,
   * as a node double-reporting the pool at container level would: two containers' CPUs then overlap
   * (the audit's rule {@code container-cpus-disjoint}).
   */
  public static PodResourcesView sharedPoolAtContainerLevel(PodResourcesView view) {
    PodResourcesView.Builder changed = new PodResourcesView.Builder();
    for (PodResources pod : view.pods()) {
      PodResources.Builder copy = new PodResources.Builder().from(pod).containers(List.of());
      for (ContainerResources container : pod.containers()) {
        copy.addContainer(container.cpuIds().isEmpty()
            ? new ContainerResources.Builder().from(container).cpuIds(pod.sharedPoolCpus()).build() : container);
      }
      changed.addPod(copy.build());
    }
    return changed.build();
  }
}
