package io.podtopo.conformance.generators;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.Quantity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Pods as a user writes them, before any defaulting (decision D-42): for the defaulting and
 * validation of the two ways a pod reaches the kubelet. Each container (0 to 2 init containers, half
 * of them sidecars, then 1 to 3 app containers, and rarely an ephemeral one) sets each of cpu,
 * memory and {@code hugepages-2Mi} not at all, as a request, as a limit, or both, and sometimes an
 * extended resource; the pod has no {@code spec.resources}, an empty one, or one that requests
 * and/or limits each of the three, mostly fitted to its containers (so that API validation's
 * consistency rules hold), else at random. Amounts are drawn from a few spellings per resource
 * ({@code 500m} beside {@code 1}, {@code 1G} beside {@code 1Gi}, an odd {@code 3Mi} of 2Mi pages), so
 * that sums, maxima and the canonical text of validation messages meet every format. Many pods still
 * break one of API validation's resource rules (a container request above its limit, a hugepage
 * request without a limit).
 */
public final class WrittenPods {

  private WrittenPods() {}

  private static final List<String> CPU = List.of("100m", "250m", "500m", "1", "1500m", "2", "4");
  private static final List<String> MEMORY = List.of("128Mi", "256Mi", "512Mi", "1Gi", "2Gi", "1G");
  private static final List<String> HUGEPAGES = List.of("2Mi", "4Mi", "8Mi", "16Mi", "4Mi", "8Mi", "2Mi", "16Mi",
      "4Mi", "3Mi");
  private static final String GPU = "example.com/gpu";

  /** How one resource is set in one requirements stanza. */
  private enum Shape { NONE, REQUEST, LIMIT, EQUAL, BELOW }

  private record Amounts(String cpu, String memory, String hugepages) {}

  /** Generated pods; every pod has uid {@code pod}: callers name each. */
  public static Gen<Pod> pods() {
    Gen<Container> containers = container(false);
    Gen<Container> inits = container(true);
    Gen<Integer> stanza = Generate.frequency(Pair.of(2, Generate.constant(0)), Pair.of(1, Generate.constant(1)),
        Pair.of(9, Generate.constant(2)));
    Gen<Boolean> ephemeral = Generate.frequency(Pair.of(19, Generate.constant(false)), Pair.of(1, Generate.constant(true)));
    Gen<Boolean> fitted = Generate.frequency(Pair.of(5, Generate.constant(true)), Pair.of(1, Generate.constant(false)));
    Gen<List<Shape>> podShapes = podShapes().zip(podShapes(), podHugepageShapes(), List::of);
    return SourceDSL.lists().of(inits).ofSizeBetween(0, 2)
        .zip(SourceDSL.lists().of(containers).ofSizeBetween(1, 3), stanza, podShapes.zip(requirements(podShapes()),
            fitted, (shapes, random, fit) -> new PodStanza(shapes, random, fit)), ephemeral,
            (initList, appList, stanzaKind, podStanza, withEphemeral) -> {
              Pod.Builder pod = new Pod.Builder().uid("pod");
              for (int i = 0; i < initList.size(); i++) {
                Container init = initList.get(i);
                pod.addInitContainer(new Container.Builder().from(init).name((init.restartable() ? "sidecar" : "init") + i)
                    .build());
              }
              for (int i = 0; i < appList.size(); i++) {
                pod.addContainer(new Container.Builder().from(appList.get(i)).name("app" + i).build());
              }
              if (stanzaKind > 0) {
                pod.podResourcesStanza(true);
              }
              if (stanzaKind == 2) {
                List<Map<String, Quantity>> resources = podStanza.fitted()
                    ? fitted(podStanza.shapes(), initList, appList) : podStanza.random();
                pod.podRequests(resources.get(0)).podLimits(resources.get(1));
              }
              if (withEphemeral) {
                pod.addEphemeralContainer(Container.named("debug"));
              }
              return pod.build();
            });
  }

  /**
   * A pod stanza: a shape per resource (cpu, memory, hugepages-2Mi) to fit to the containers, or
   * random requirements.
   */
  private record PodStanza(List<Shape> shapes, List<Map<String, Quantity>> random, boolean fitted) {}

  /**
   * Requests and limits of the shapes whose amount is the sum of every amount the containers give
   * the resource, a bound of any aggregate: API validation's consistency rules hold, and defaulting
   * has something to do. A resource no container names gets 1, 1Gi or 2Mi.
   */
  private static List<Map<String, Quantity>> fitted(List<Shape> shapes, List<Container> inits, List<Container> apps) {
    List<String> resources = List.of("cpu", "memory", "hugepages-2Mi");
    List<String> alone = List.of("1", "1Gi", "2Mi");
    Map<String, Quantity> requests = new TreeMap<>();
    Map<String, Quantity> limits = new TreeMap<>();
    for (int r = 0; r < resources.size(); r++) {
      String resource = resources.get(r);
      Quantity bound = null;
      for (List<Container> list : List.of(inits, apps)) {
        for (Container container : list) {
          Quantity most = Quantity.ZERO;
          for (Map<String, Quantity> amounts : List.of(container.requests(), container.limits())) {
            if (amounts.containsKey(resource)) {
              most = most.max(amounts.get(resource));
            }
          }
          if (!most.isZero()) {
            bound = bound == null ? most : bound.plus(most);
          }
        }
      }
      put(resource, shapes.get(r), (bound == null ? Quantity.parse(alone.get(r)) : bound).toString(), requests, limits);
    }
    List<Map<String, Quantity>> both = new ArrayList<>();
    both.add(requests);
    both.add(limits);
    return both;
  }

  /**
   * Gates for a case: v1.37's defaults mostly, else one of the three D-42 gates off
   * ({@code PodLevelResources} off with every gate that depends on it).
   */
  public static Gen<Map<String, Boolean>> gates() {
    Map<String, Boolean> plrOff = new TreeMap<>(Map.of(FeatureGates.POD_LEVEL_RESOURCES, false,
        FeatureGates.POD_LEVEL_RESOURCES_FIX_DEFAULTING, false, FeatureGates.POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS,
        false, "InPlacePodLevelResourcesVerticalScaling", false));
    return Generate.frequency(Pair.of(14, Generate.constant(Map.of())),
        Pair.of(2, Generate.constant(Map.of(FeatureGates.POD_LEVEL_RESOURCES_FIX_DEFAULTING, false))),
        Pair.of(2, Generate.constant(Map.of(FeatureGates.POD_LEVEL_RESOURCES_FIX_KUBELET_QOS_CLASS, false))),
        Pair.of(2, Generate.constant(Map.copyOf(plrOff))));
  }

  private static Gen<Container> container(boolean init) {
    Gen<Boolean> gpu = Generate.frequency(Pair.of(9, Generate.constant(false)), Pair.of(1, Generate.constant(true)));
    return requirements(containerShapes()).zip(gpu, init ? Generate.booleans() : Generate.constant(false),
        (resources, withGpu, sidecar) -> {
          Container.Builder container = new Container.Builder().name("c").restartable(sidecar)
              .requests(resources.get(0)).limits(resources.get(1));
          if (withGpu) {
            container.putLimit(GPU, Quantity.of(1));
          }
          return container.build();
        });
  }

  private static Gen<Shape> containerShapes() {
    return Generate.frequency(Pair.of(3, Generate.constant(Shape.NONE)), Pair.of(2, Generate.constant(Shape.REQUEST)),
        Pair.of(3, Generate.constant(Shape.LIMIT)), Pair.of(2, Generate.constant(Shape.EQUAL)),
        Pair.of(1, Generate.constant(Shape.BELOW)));
  }

  private static Gen<Shape> podShapes() {
    return Generate.frequency(Pair.of(2, Generate.constant(Shape.NONE)), Pair.of(3, Generate.constant(Shape.REQUEST)),
        Pair.of(3, Generate.constant(Shape.LIMIT)), Pair.of(3, Generate.constant(Shape.EQUAL)),
        Pair.of(1, Generate.constant(Shape.BELOW)));
  }

  private static Gen<Shape> podHugepageShapes() {
    return Generate.frequency(Pair.of(4, Generate.constant(Shape.NONE)), Pair.of(1, Generate.constant(Shape.REQUEST)),
        Pair.of(1, Generate.constant(Shape.LIMIT)), Pair.of(1, Generate.constant(Shape.EQUAL)));
  }

  /** Requests and limits (a list of two maps) for cpu, memory and hugepages-2Mi, each of its shape. */
  private static Gen<List<Map<String, Quantity>>> requirements(Gen<Shape> shapes) {
    Gen<Amounts> amounts = Generate.pick(CPU).zip(Generate.pick(MEMORY), Generate.pick(HUGEPAGES), Amounts::new);
    Gen<Shape> hugepageShapes = Generate.frequency(Pair.of(12, Generate.constant(Shape.NONE)),
        Pair.of(5, Generate.constant(Shape.LIMIT)), Pair.of(2, Generate.constant(Shape.EQUAL)),
        Pair.of(1, Generate.constant(Shape.REQUEST)));
    return shapes.zip(shapes, hugepageShapes, amounts, (cpu, memory, hugepages, amount) -> {
      Map<String, Quantity> requests = new TreeMap<>();
      Map<String, Quantity> limits = new TreeMap<>();
      put("cpu", cpu, amount.cpu(), requests, limits);
      put("memory", memory, amount.memory(), requests, limits);
      put("hugepages-2Mi", hugepages, amount.hugepages(), requests, limits);
      List<Map<String, Quantity>> both = new ArrayList<>();
      both.add(requests);
      both.add(limits);
      return both;
    });
  }

  /** Puts one resource of the shape: {@code BELOW} requests the amount under a limit twice as large. */
  private static void put(String resource, Shape shape, String amount, Map<String, Quantity> requests,
      Map<String, Quantity> limits) {
    Quantity quantity = Quantity.parse(amount);
    switch (shape) {
      case NONE -> { }
      case REQUEST -> requests.put(resource, quantity);
      case LIMIT -> limits.put(resource, quantity);
      case EQUAL -> {
        requests.put(resource, quantity);
        limits.put(resource, quantity);
      }
      case BELOW -> {
        requests.put(resource, quantity);
        limits.put(resource, quantity.plus(quantity));
      }
    }
  }
}
