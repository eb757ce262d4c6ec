package io.podtopo.adapters.grpc;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.node.RejectionCause;
import io.podtopo.domain.pod.Pod;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.out.CpusetWrite;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A node whose {@link #podResources} waits until {@link #release} (at most a minute): a call that takes long. */
final class BlockingNode implements NodeResourceManager {

  private final NodeResourceManager node;
  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch released = new CountDownLatch(1);

  BlockingNode(NodeResourceManager node) {
    this.node = node;
  }

  /** Waits until a call is inside {@link #podResources}. */
  void awaitCall() throws InterruptedException {
    if (!entered.await(10, TimeUnit.SECONDS)) {
      throw new AssertionError("no call reached the node within 10 s");
    }
  }

  /** Lets every waiting and later call through. */
  void release() {
    released.countDown();
  }

  @Override
  public PodResourcesView podResources() {
    entered.countDown();
    try {
      released.await(1, TimeUnit.MINUTES);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return node.podResources();
  }

  @Override
  public Admission admit(Pod pod) {
    return node.admit(pod);
  }

  @Override
  public Optional<RejectionCause> explainRejection(Pod pod, Admission admission) {
    return node.explainRejection(pod, admission);
  }

  @Override
  public NodeSnapshot removeContainer(String podUid, String containerName) {
    return node.removeContainer(podUid, containerName);
  }

  @Override
  public NodeSnapshot removePod(String podUid) {
    return node.removePod(podUid);
  }

  @Override
  public List<CpusetWrite> reconcile() {
    return node.reconcile();
  }

  @Override
  public NodeSnapshot snapshot() {
    return node.snapshot();
  }

  @Override
  public AllocatableResources allocatable() {
    return node.allocatable();
  }
}
