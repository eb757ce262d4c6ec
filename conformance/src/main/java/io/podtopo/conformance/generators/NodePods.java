package io.podtopo.conformance.generators;

import static io.podtopo.conformance.generators.Nodes.MI;

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
 * Pods for whole-node properties, sized by a CPU scale (the largest exclusive request of one
 * container): Guaranteed pods with pod-level resources whose containers are eligible (cpu and memory
 * pinned, integral cpu), memory-only eligible (fractional cpu), or ineligible (no resources, cpu only,
 * burstable), among standard init containers, sidecars, app containers and ephemeral containers, with
 * a budget that leaves 0 to 2 CPUs (sometimes a fractional half more, sometimes a CPU less) and 0 to
 * 256Mi beside the containers' requests; non-Guaranteed pods with pod-level resources; legacy pods
 * without pod-level resources (Guaranteed or Burstable). A third of the containers ask for one or two
 * {@link Devices#GPU} devices. Every pod has uid {@code pod}: callers give each its own uid.
 */
public final class NodePods {

  private NodePods() {}

  private enum Kind { ELIGIBLE, MEMORY_ONLY, NO_RESOURCES, CPU_ONLY, BURSTABLE }

  private record Spec(Kind kind, int cpus, long memory, long hugepages, boolean sidecar, int gpus) {}

  /** Pods whose exclusive containers ask for 1 to {@code cpuScale} CPUs each. */
  public static Gen<Pod> pods(int cpuScale) {
    Gen<Kind> kinds = Generate.frequency(
        Pair.of(5, Generate.constant(Kind.ELIGIBLE)), Pair.of(1, Generate.constant(Kind.MEMORY_ONLY)),
        Pair.of(3, Generate.constant(Kind.NO_RESOURCES)), Pair.of(1, Generate.constant(Kind.CPU_ONLY)),
        Pair.of(1, Generate.constant(Kind.BURSTABLE)));
    Gen<Integer> gpus = Generate.frequency(Pair.of(6, Generate.constant(0)), Pair.of(2, Generate.constant(1)),
        Pair.of(1, Generate.constant(2)));
    Gen<Spec> specs = kinds.zip(Generate.range(1, Math.max(1, cpuScale)), Generate.range(1, 4),
        Generate.pick(List.of(0L, 0L, 0L, 4 * MI)), Generate.booleans(),
        (kind, cpus, memory, hugepages, sidecar) -> new Spec(kind, cpus, memory * 128 * MI, hugepages, sidecar, 0))
        .zip(gpus, (spec, count) -> new Spec(spec.kind(), spec.cpus(), spec.memory(), spec.hugepages(), spec.sidecar(),
            count));
    Gen<List<Spec>> inits = SourceDSL.lists().of(specs).ofSizeBetween(0, 2);
    Gen<List<Spec>> apps = SourceDSL.lists().of(specs).ofSizeBetween(1, 3);
    Gen<Integer> extraCpus = Generate.frequency(Pair.of(3, Generate.constant(0)), Pair.of(2, Generate.constant(1)),
        Pair.of(1, Generate.constant(2)), Pair.of(1, Generate.constant(-1)));
    Gen<Integer> shape = Generate.range(0, 11);
    Gen<Long> extraMemory = Generate.pick(List.of(0L, 128 * MI, 256 * MI));
    Gen<Pod> podLevel = inits.zip(apps, extraCpus, extraMemory, shape,
        (initSpecs, appSpecs, extra, memory, variant) -> pod(initSpecs, appSpecs, extra, memory, variant));
    return podLevel.zip(Generate.range(0, 1), NodePods::withEphemeral);
  }

  private static Pod withEphemeral(Pod pod, int ephemeral) {
    return ephemeral == 0 ? pod : new Pod.Builder().from(pod).addEphemeralContainer(Container.named("debug")).build();
  }

  /**
   * One pod; {@code variant} picks its kind: 0-7 Guaranteed pod-level (8: with a fractional cpu
   * budget), 9 non-Guaranteed pod-level, 10 legacy Guaranteed, 11 legacy Burstable.
   */
  private static Pod pod(List<Spec> initSpecs, List<Spec> appSpecs, int extraCpus, long extraMemory, int variant) {
    Pod.Builder pod = new Pod.Builder().uid("pod");
    boolean legacy = variant >= 10;
    List<Container> inits = new ArrayList<>();
    for (int i = 0; i < initSpecs.size(); i++) {
      Spec spec = initSpecs.get(i);
      Spec shaped = legacy ? legacy(spec, variant == 10) : spec;
      inits.add(container((spec.sidecar() ? "sidecar" : "init") + i, shaped, spec.sidecar()));
    }
    List<Container> apps = new ArrayList<>();
    for (int i = 0; i < appSpecs.size(); i++) {
      Spec spec = legacy ? legacy(appSpecs.get(i), variant == 10) : appSpecs.get(i);
      apps.add(container("app" + i, spec, false));
    }
    pod.initContainers(inits).containers(apps);
    if (legacy) {
      return pod.build();
    }
    Map<String, Quantity> budget = aggregate(inits, apps);
    long cpuMillis = Math.max(1000, roundUpToCpus(budget.get("cpu").milliValue()) + extraCpus * 1000L);
    if (variant == 8) {
      cpuMillis += 500;
    }
    long memory = budget.get("memory").bytes() + extraMemory;
    if (memory == 0) {
      memory = 256 * MI;
    }
    pod.putPodRequest("cpu", Quantity.ofMillis(cpuMillis)).putPodRequest("memory", Quantity.of(memory));
    if (budget.containsKey("hugepages-2Mi")) {
      pod.putPodRequest("hugepages-2Mi", budget.get("hugepages-2Mi")).putPodLimit("hugepages-2Mi", budget.get("hugepages-2Mi"));
    }
    if (variant == 9) {
      pod.putPodLimit("cpu", Quantity.ofMillis(cpuMillis + 1000)).putPodLimit("memory", Quantity.of(memory * 2));
    } else {
      pod.putPodLimit("cpu", Quantity.ofMillis(cpuMillis)).putPodLimit("memory", Quantity.of(memory));
    }
    return pod.build();
  }

  /** In a legacy pod: Guaranteed pods pin every container, Burstable ones drop their limits. */
  private static Spec legacy(Spec spec, boolean guaranteed) {
    if (guaranteed) {
      Kind kind = spec.kind() == Kind.MEMORY_ONLY ? Kind.MEMORY_ONLY : Kind.ELIGIBLE;
      return new Spec(kind, spec.cpus(), spec.memory(), spec.hugepages(), spec.sidecar(), spec.gpus());
    }
    return new Spec(Kind.BURSTABLE, spec.cpus(), spec.memory(), 0, spec.sidecar(), spec.gpus());
  }

  private static long roundUpToCpus(long millis) {
    return (millis + 999) / 1000 * 1000;
  }

  private static Container container(String name, Spec spec, boolean restartable) {
    Container.Builder container = new Container.Builder().name(name).restartable(restartable);
    switch (spec.kind()) {
      case ELIGIBLE -> {
        pin(container, "cpu", Quantity.of(spec.cpus()));
        pin(container, "memory", Quantity.of(spec.memory()));
      }
      case MEMORY_ONLY -> {
        pin(container, "cpu", Quantity.ofMillis(spec.cpus() * 1000L - 500));
        pin(container, "memory", Quantity.of(spec.memory()));
      }
      case CPU_ONLY -> pin(container, "cpu", Quantity.of(spec.cpus()));
      case BURSTABLE -> container.putRequest("cpu", Quantity.ofMillis(500)).putLimit("cpu", Quantity.of(1))
          .putRequest("memory", Quantity.of(64 * MI)).putLimit("memory", Quantity.of(128 * MI));
      case NO_RESOURCES -> { }
    }
    if (spec.hugepages() > 0 && (spec.kind() == Kind.ELIGIBLE || spec.kind() == Kind.MEMORY_ONLY)) {
      pin(container, "hugepages-2Mi", Quantity.of(spec.hugepages()));
    }
    if (spec.gpus() > 0) {
      pin(container, Devices.GPU, Quantity.of(spec.gpus()));
    }
    return container.build();
  }

  private static void pin(Container.Builder container, String resource, Quantity quantity) {
    container.putRequest(resource, quantity).putLimit(resource, quantity);
  }

  /** KEP-753 per resource: max(largest standard init + sidecars before it, apps + sidecars). */
  private static Map<String, Quantity> aggregate(List<Container> inits, List<Container> apps) {
    Map<String, Quantity> total = new TreeMap<>();
    for (String resource : List.of("cpu", "memory", "hugepages-2Mi")) {
      Quantity sidecars = Quantity.ZERO;
      Quantity largestInit = Quantity.ZERO;
      for (Container init : inits) {
        Quantity request = init.request(resource).orElse(Quantity.ZERO);
        if (init.restartable()) {
          sidecars = sidecars.plus(request);
        } else {
          largestInit = largestInit.max(sidecars.plus(request));
        }
      }
      Quantity sum = sidecars;
      for (Container app : apps) {
        sum = sum.plus(app.request(resource).orElse(Quantity.ZERO));
      }
      Quantity aggregated = largestInit.max(sum);
      if (!aggregated.isZero() || !resource.startsWith("hugepages")) {
        total.put(resource, aggregated);
      }
    }
    return total;
  }
}
