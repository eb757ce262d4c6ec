package io.podtopo.domain.pod;

/** Pod and container builders shared by the domain tests of every manager. */
public final class TestPods {

  private TestPods() {}

  /**
   * An equivalent-Guaranteed container: cpu and memory request = limit, plus {@code extra}
   * resource/quantity pairs (e.g. {@code "hugepages-1Gi", "2Gi"}) with request = limit.
   */
  public static Container pinned(String name, String cpu, String memory, String... extra) {
    Container.Builder container = new Container.Builder().name(name);
    pin(container, Resources.CPU, cpu);
    pin(container, Resources.MEMORY, memory);
    for (int i = 0; i < extra.length; i += 2) {
      pin(container, extra[i], extra[i + 1]);
    }
    return container.build();
  }

  /** The same container as a restartable init container (a sidecar). */
  public static Container sidecar(Container container) {
    return new Container.Builder().from(container).restartable(true).build();
  }

  /**
   * A pod (uid and name {@code uid}) with pod-level cpu and memory request = limit, plus
   * {@code extra} resource/quantity pairs at pod level.
   */
  public static Pod.Builder podLevel(String uid, String cpu, String memory, String... extra) {
    Pod.Builder pod = new Pod.Builder().uid(uid).name(uid);
    pinPod(pod, Resources.CPU, cpu);
    pinPod(pod, Resources.MEMORY, memory);
    for (int i = 0; i < extra.length; i += 2) {
      pinPod(pod, extra[i], extra[i + 1]);
    }
    return pod;
  }

  private static void pin(Container.Builder container, String resource, String quantity) {
    container.putRequest(resource, Quantity.parse(quantity)).putLimit(resource, Quantity.parse(quantity));
  }

  private static void pinPod(Pod.Builder pod, String resource, String quantity) {
    pod.putPodRequest(resource, Quantity.parse(quantity)).putPodLimit(resource, Quantity.parse(quantity));
  }
}
