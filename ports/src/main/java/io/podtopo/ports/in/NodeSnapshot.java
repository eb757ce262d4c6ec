package io.podtopo.ports.in;

import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.immutables.value.Value;

/**
 * One consistent view of a node: the resource managers' {@link NodeState}, the active pods (admitted
 * and not removed, in admission order) and the containers of active pods that were removed (exited),
 * which no longer run and get no cgroup writes. The state and the pods always belong together: a
 * reader never sees a state from one operation with the pods of another.
 *
 * <p>This is also what an {@link io.podtopo.ports.out.AllocationStore} saves and loads.
 */
@Value.Immutable
public abstract class NodeSnapshot {

  public abstract NodeState state();

  /** The active pods in admission order; each uid at most once. */
  public abstract List<Pod> activePods();

  /** Removed containers of active pods. */
  @Value.NaturalOrder
  public abstract SortedSet<ContainerRef> removedContainers();

  @Value.Check
  protected void check() {
    if (activePods().stream().map(Pod::uid).distinct().count() != activePods().size()) {
      throw new IllegalArgumentException("an active pod is listed twice: " + activePods().stream().map(Pod::uid).toList());
    }
  }

  /** A node with {@code state} and no pods. */
  public static NodeSnapshot of(NodeState state) {
    return new Builder().state(state).build();
  }

  /** The active pod with this uid. */
  public Optional<Pod> activePod(String uid) {
    return activePods().stream().filter(pod -> pod.uid().equals(uid)).findFirst();
  }

  /**
   * The containers that run: every init, app and ephemeral container of the active pods, in pod
   * order, minus the removed ones.
   */
  public List<ContainerRef> runningContainers() {
    List<ContainerRef> running = new ArrayList<>();
    for (Pod pod : activePods()) {
      Stream.concat(pod.initAndAppContainers().stream(), pod.ephemeralContainers().stream())
          .map(Container::name)
          .map(name -> ContainerRef.of(pod.uid(), name))
          .filter(ref -> !removedContainers().contains(ref))
          .forEach(running::add);
    }
    return List.copyOf(running);
  }

  /**
   * Whether every init and app container of the active pod {@code podUid} was removed: the pod has
   * terminated and is no longer active (NA-21). False for a pod that is not active.
   */
  public boolean hasTerminated(String podUid) {
    return activePod(podUid).map(pod -> pod.initAndAppContainers().stream()
        .allMatch(container -> removedContainers().contains(ContainerRef.of(podUid, container.name()))))
        .orElse(false);
  }

  /** After admitting {@code pod} into {@code next}: the pod is active (in place if it already was). */
  public NodeSnapshot withAdmitted(NodeState next, Pod pod) {
    List<Pod> pods = new ArrayList<>(activePods());
    int index = indexOf(pod.uid());
    if (index >= 0) {
      pods.set(index, pod);
    } else {
      pods.add(pod);
    }
    return new Builder().from(this).state(next).activePods(pods).build();
  }

  /** After removing one container of an active pod: {@code next} and the container marked removed. */
  public NodeSnapshot withContainerRemoved(NodeState next, String podUid, String containerName) {
    SortedSet<ContainerRef> removed = new TreeSet<>(removedContainers());
    boolean known = activePod(podUid).stream()
        .flatMap(pod -> Stream.concat(pod.initAndAppContainers().stream(), pod.ephemeralContainers().stream()))
        .anyMatch(container -> container.name().equals(containerName));
    if (known) {
      removed.add(ContainerRef.of(podUid, containerName));
    }
    return new Builder().from(this).state(next).removedContainers(removed).build();
  }

  /** After removing a pod: {@code next}, the pod no longer active and its removed marks gone. */
  public NodeSnapshot withPodRemoved(NodeState next, String podUid) {
    List<Pod> pods = activePods().stream().filter(pod -> !pod.uid().equals(podUid)).toList();
    SortedSet<ContainerRef> removed = new TreeSet<>(removedContainers());
    removed.removeIf(ref -> ref.podUid().equals(podUid));
    return new Builder().state(next).activePods(pods).removedContainers(removed).build();
  }

  private int indexOf(String uid) {
    for (int i = 0; i < activePods().size(); i++) {
      if (activePods().get(i).uid().equals(uid)) {
        return i;
      }
    }
    return -1;
  }

  /** Builder: {@code new NodeSnapshot.Builder().state(s).addActivePod(p).build()}. */
  public static class Builder extends ImmutableNodeSnapshot.Builder {}
}
