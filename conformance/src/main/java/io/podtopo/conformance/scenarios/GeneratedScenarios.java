package io.podtopo.conformance.scenarios;

import io.podtopo.conformance.generators.OperationPlans;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns a generated {@link OperationPlans.Plan} into a node scenario any subject can answer,
 * without asking any subject: each pod to admit gets its own uid ({@code p0}, {@code p1}, ... in order, never reused);
 * a removal picks among the pods given so far and not removed (modulo their number), so it may name
 * a pod the subject rejected, which then changes nothing; a re-admission becomes a restart followed
 * by the admission of a pod none of whose containers was removed ({@link #of}), or of every pod
 * given, not removed and with a container left, in the order given, as the kubelet re-admits its
 * active pods ({@link #kubelet}).
 */
public final class GeneratedScenarios {

  private GeneratedScenarios() {}

  /** The scenario in podtopo's corrected behaviour, for the invariants (they hold there, ADR 0008). */
  public static NodeScenario of(OperationPlans.Plan generated) {
    NodeConfig config = new NodeConfig.Builder().from(generated.config()).behaviour(Behaviour.SPEC).build();
    return new NodeScenario(generated.machine(), config, NodeScenario.SPEC, steps(generated, false));
  }

  /**
   * The scenario in the kubelet's behaviour, the differential's: every pod as the API server creates it
   * (D-42: defaulted, and a pod its validation refuses is never admitted, so that step is left out), a
   * restart re-admitting every active pod.
   */
  public static NodeScenario kubelet(OperationPlans.Plan generated) {
    NodeConfig config = new NodeConfig.Builder().from(generated.config()).behaviour(Behaviour.KUBELET).build();
    PodRoute apiServer = PodRoute.apiServer(config.featureGates());
    List<OperationPlans.PlannedOperation> created = new ArrayList<>();
    for (OperationPlans.PlannedOperation step : generated.steps()) {
      if (step instanceof OperationPlans.AdmitPod admit) {
        Pod defaulted = apiServer.defaulted(admit.pod());
        if (apiServer.errors(defaulted).isEmpty()) {
          created.add(new OperationPlans.AdmitPod(defaulted));
        }
      } else {
        created.add(step);
      }
    }
    return new NodeScenario(generated.machine(), config, NodeScenario.KUBELET,
        steps(new OperationPlans.Plan(generated.machine(), config, created), true));
  }

  private static List<ScenarioStep> steps(OperationPlans.Plan generated, boolean readmitAll) {
    Map<String, Pod> given = new LinkedHashMap<>();
    Map<String, Set<String>> removed = new LinkedHashMap<>();
    List<ScenarioStep> steps = new ArrayList<>();
    for (OperationPlans.PlannedOperation step : generated.steps()) {
      if (step instanceof OperationPlans.AdmitPod admit) {
        String uid = "p" + removed.size();
        Pod pod = new Pod.Builder().from(admit.pod()).uid(uid).name(uid).build();
        given.put(uid, pod);
        removed.put(uid, new TreeSet<>());
        steps.add(ScenarioStep.admit(pod));
      } else if (step instanceof OperationPlans.RemovePickedContainer removal) {
        List<Pod> candidates = given.values().stream().filter(pod -> !left(pod, removed).isEmpty()).toList();
        if (!candidates.isEmpty()) {
          Pod pod = candidates.get(removal.podPick() % candidates.size());
          List<String> left = left(pod, removed);
          String name = left.get(removal.containerPick() % left.size());
          removed.get(pod.uid()).add(name);
          steps.add(ScenarioStep.removeContainer(pod.uid(), name));
        }
      } else if (step instanceof OperationPlans.RemovePickedPod removal) {
        if (!given.isEmpty()) {
          Pod pod = List.copyOf(given.values()).get(removal.podPick() % given.size());
          given.remove(pod.uid());
          steps.add(ScenarioStep.removePod(pod.uid()));
        }
      } else {
        OperationPlans.ReadmitPickedPod readmit = (OperationPlans.ReadmitPickedPod) step;
        if (readmitAll) {
          steps.add(ScenarioStep.restart());
          given.values().stream().filter(pod -> !left(pod, removed).isEmpty())
              .forEach(pod -> steps.add(ScenarioStep.admit(pod)));
          continue;
        }
        List<Pod> whole = given.values().stream().filter(pod -> removed.get(pod.uid()).isEmpty()).toList();
        if (!whole.isEmpty()) {
          steps.add(ScenarioStep.restart());
          steps.add(ScenarioStep.admit(whole.get(readmit.podPick() % whole.size())));
        }
      }
    }
    return steps;
  }

  private static List<String> left(Pod pod, Map<String, Set<String>> removed) {
    return pod.initAndAppContainers().stream().map(Container::name)
        .filter(name -> !removed.get(pod.uid()).contains(name)).toList();
  }
}
