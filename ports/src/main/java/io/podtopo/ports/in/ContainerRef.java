package io.podtopo.ports.in;

import java.util.Comparator;
import org.immutables.value.Value;

/** One container of one pod: the pod's uid and the container's name; ordered by uid, then name. */
@Value.Immutable
public abstract class ContainerRef implements Comparable<ContainerRef> {

  private static final Comparator<ContainerRef> ORDER =
      Comparator.comparing(ContainerRef::podUid).thenComparing(ContainerRef::containerName);

  @Value.Parameter
  public abstract String podUid();

  @Value.Parameter
  public abstract String containerName();

  public static ContainerRef of(String podUid, String containerName) {
    return ImmutableContainerRef.of(podUid, containerName);
  }

  @Override
  public int compareTo(ContainerRef other) {
    return ORDER.compare(this, other);
  }

  @Override
  public String toString() {
    return podUid() + "/" + containerName();
  }
}
