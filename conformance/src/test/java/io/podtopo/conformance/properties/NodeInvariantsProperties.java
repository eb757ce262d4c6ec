package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.generators.NodePods;
import io.podtopo.conformance.generators.Nodes;
import io.podtopo.conformance.generators.OperationPlans.Plan;
import io.podtopo.conformance.generators.OperationPlans;
import io.podtopo.conformance.invariants.Invariant23RemovalReleasesOnlyWithLastContainer;
import io.podtopo.conformance.invariants.Invariants;
import io.podtopo.conformance.invariants.ObservedNode;
import io.podtopo.conformance.invariants.PodRules;
import io.podtopo.conformance.invariants.Violation;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.ScenarioStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.SourceDSL;

/**
 * Spec §15: over generated machines, kubelet configurations (both scopes, every Topology Manager
 * policy, CPU options, gates on and off) and sequences of admissions, container and pod removals and
 * re-admissions, with and without devices, every snapshot, every transition and every PodResources
 * view satisfies every invariant of {@link Invariants#all()}.
 */
class NodeInvariantsProperties {

  /**
   * Besides the invariants, the run must have met the situations they are about: pod-level bubbles
   * and pod memory, each kind of rejection, restart re-admissions, non-last and last removals of
   * pod-level pods, container-scope pod-level pods, devices held and an init container's devices reused
   * (all of them at full size; the mutation profile's tenth of the examples only has to admit pods
   * into bubbles, {@link Examples#fullSize}).
   */
  @Test
  void everyInvariantHoldsAlongGeneratedOperationSequences() {
    Map<String, Integer> coverage = new java.util.TreeMap<>();
    qt().withExamples(Examples.scaled(200)).withShrinkCycles(200).forAll(OperationPlans.scenarios(12))
        .checkAssert(scenario -> assertThat(new Run(scenario, coverage).violations()).isEmpty());
    assertThat(coverage).as("admissions into bubbles").containsKey("bubble");
    if (!Examples.fullSize()) {
      return;
    }
    assertThat(coverage).containsKeys("bubble", "pod memory", "container-level admitted", "readmission",
        "non-last removal in a bubble", "last removal of a bubble", "rejected EmptyPodSharedPoolError",
        "rejected TopologyAffinityError", "rejected SMTAlignmentError", "rejected UnexpectedAdmissionError",
        "devices held", "init devices reused");
    assertThat(coverage).as("admissions under every configuration the generators make").containsKeys(
        "admitted with cpu policy none", "admitted with memory policy None", "admitted with align-by-socket",
        "admitted with distribute-cpus-across-cores", "admitted with distribute-cpus-across-numa",
        "admitted with full-pcpus-only", "admitted with strict-cpu-reservation",
        "admitted with prefer-closest-numa-nodes");
  }

  /**
   * The invariants hold in the corrected behaviour (ADR 0008): kubelet v1.37 breaks some of them at
   * its quirks (invariants 24 and 26), so every run here asks for {@link Behaviour#SPEC} explicitly.
   */
  static NodeConfig inSpecMode(NodeConfig config) {
    return new NodeConfig.Builder().from(config).behaviour(Behaviour.SPEC).build();
  }

  private record RoundTrip(Machine machine, NodeConfig config, List<Pod> others, Pod pod, List<Integer> order) {}

  private static Gen<RoundTrip> roundTrips() {
    return Nodes.machines().flatMap(machine -> Nodes.podScopeConfigs(machine).zip(
        SourceDSL.lists().of(NodePods.pods(2)).ofSizeBetween(0, 2), NodePods.pods(2),
        SourceDSL.lists().of(SourceDSL.integers().between(0, 100)).ofSize(8),
        (config, others, pod, order) -> new RoundTrip(machine, config, others, pod, order)));
  }

  /**
   * §15.23: admitting a pod and removing all its containers restores the default set and the machine
   * state; in pod scope with the gates on, so that most trips are of a pod holding a bubble.
   */
  @Test
  void invariant23AdmittingThenRemovingEveryContainerIsARoundTrip() {
    Invariant23RemovalReleasesOnlyWithLastContainer invariant = new Invariant23RemovalReleasesOnlyWithLastContainer();
    Exercised bubbles = new Exercised("a round trip of a pod holding a bubble");
    qt().withExamples(Examples.scaled(100)).forAll(roundTrips()).checkAssert(trip -> {
      NodeResourceManagers managers = NodeResourceManagers.create(inSpecMode(trip.config()), trip.machine());
      NodeState state = managers.initialState();
      List<Pod> active = new ArrayList<>();
      for (int i = 0; i < trip.others().size(); i++) {
        Pod other = Run.named(trip.others().get(i), "other" + i);
        Admission admission = managers.admit(state, other);
        state = admission.state();
        if (admission.admitted()) {
          active.add(other);
        }
      }
      ObservedNode before = ObservedNode.of(managers, state, active);
      Pod pod = Run.named(trip.pod(), "trip");
      Admission admission = managers.admit(state, pod);
      bubbles.example(admission.admitted() && admission.state().cpu().podCpus(pod.uid()).isPresent());
      if (!admission.admitted()) {
        return;
      }
      state = admission.state();
      List<String> left = new ArrayList<>(pod.initAndAppContainers().stream().map(Container::name).toList());
      for (int pick : trip.order()) {
        if (left.isEmpty()) {
          break;
        }
        state = managers.removeContainer(state, pod.uid(), left.remove(pick % left.size()));
      }
      for (String name : left) {
        state = managers.removeContainer(state, pod.uid(), name);
      }
      assertThat(invariant.roundTrip(before, ObservedNode.of(managers, state, active), pod.uid())).isEmpty();
    });
    bubbles.atLeast(0.2);
  }

  /** Runs one scenario and collects every violation along the way. */
  static final class Run {

    private final NodeResourceManagers managers;
    private final List<Violation> violations = new ArrayList<>();
    private final List<String> log = new ArrayList<>();
    private final Map<String, Pod> active = new LinkedHashMap<>();
    private final Map<String, Set<String>> removed = new LinkedHashMap<>();
    private final Map<String, Integer> coverage;
    private final List<ObservedNode> snapshots = new ArrayList<>();
    private NodeState state;
    private int admitted;

    Run(Plan scenario, Map<String, Integer> coverage) {
      this.coverage = coverage;
      managers = NodeResourceManagers.create(inSpecMode(scenario.config()), scenario.machine());
      state = managers.initialState();
      checkSnapshot(snapshot());
      for (OperationPlans.PlannedOperation step : scenario.steps()) {
        apply(step);
      }
    }

    static Pod named(Pod pod, String uid) {
      return new Pod.Builder().from(pod).uid(uid).name(uid).build();
    }

    /** The managers the scenario ran on. */
    NodeResourceManagers managers() {
      return managers;
    }

    /** Every snapshot checked, the initial one first. */
    List<ObservedNode> snapshots() {
      return List.copyOf(snapshots);
    }

    /** The operations applied, with the state after each. */
    List<String> log() {
      return List.copyOf(log);
    }

    List<Violation> violations() {
      if (!violations.isEmpty()) {
        violations.add(new Violation(0, "", "", "operations: " + log));
      }
      return violations;
    }

    private ObservedNode snapshot() {
      return ObservedNode.of(managers, state, List.copyOf(active.values()));
    }

    private void checkSnapshot(ObservedNode snapshot) {
      snapshots.add(snapshot);
      violations.addAll(Invariants.check(snapshot));
      violations.addAll(Invariants.checkPodResources(snapshot, managers.podResources(snapshot.state(), snapshot.activePods())));
    }

    private void count(ObservedNode before, ScenarioStep operation, String uid, Optional<Admission> admission,
        ObservedNode after) {
      if (operation instanceof ScenarioStep.Admit admit) {
        if (before.isActive(uid)) {
          coverage.merge("readmission", 1, Integer::sum);
        } else if (!admission.orElseThrow().admitted()) {
          coverage.merge("rejected " + admission.orElseThrow().reason().orElseThrow(), 1, Integer::sum);
        } else {
          countConfiguration(after.config());
          if (PodRules.mode(after.config(), admit.pod()) == PodRules.Mode.CONTAINER_LEVEL) {
            coverage.merge("container-level admitted", 1, Integer::sum);
          }
        }
        after.state().cpu().podCpus(uid).ifPresent(bubble -> coverage.merge("bubble", 1, Integer::sum));
        after.state().memory().podBlocks(uid).ifPresent(blocks -> coverage.merge("pod memory", 1, Integer::sum));
        if (!after.state().devices().containersOf(uid).isEmpty()) {
          coverage.merge("devices held", 1, Integer::sum);
        }
        if (after.state().devices().containersOf(uid).values().stream().anyMatch(resources -> resources.values()
            .stream().anyMatch(ids -> after.state().devices().containersOf(uid).values().stream()
                .filter(other -> other != resources).anyMatch(other -> other.values().stream()
                    .anyMatch(otherIds -> otherIds.stream().anyMatch(ids::contains)))))) {
          coverage.merge("init devices reused", 1, Integer::sum);
        }
      } else if (before.state().cpu().podCpus(uid).isPresent()) {
        boolean last = after.state().cpu().podCpus(uid).isEmpty();
        coverage.merge(last ? "last removal of a bubble" : "non-last removal in a bubble", 1, Integer::sum);
      }
    }

    /** What of the configuration an admitted pod met: the policies other than the defaults and every option. */
    private void countConfiguration(NodeConfig config) {
      if (config.cpuManagerPolicy() == CpuManagerPolicy.NONE) {
        coverage.merge("admitted with cpu policy none", 1, Integer::sum);
      }
      if (config.memoryManagerPolicy() == MemoryManagerPolicy.NONE) {
        coverage.merge("admitted with memory policy None", 1, Integer::sum);
      }
      config.cpuManagerPolicyOptions().keySet().forEach(option -> coverage.merge("admitted with " + option, 1, Integer::sum));
      config.topologyManagerPolicyOptions().keySet()
          .forEach(option -> coverage.merge("admitted with " + option, 1, Integer::sum));
    }

    private void apply(OperationPlans.PlannedOperation step) {
      ObservedNode before = snapshot();
      ScenarioStep operation;
      String uid;
      Optional<Admission> admission = Optional.empty();
      if (step instanceof OperationPlans.AdmitPod admit) {
        Pod pod = named(admit.pod(), "p" + admitted++);
        Admission outcome = managers.admit(state, pod);
        state = outcome.state();
        if (outcome.admitted()) {
          active.put(pod.uid(), pod);
          removed.put(pod.uid(), new TreeSet<>());
        }
        operation = ScenarioStep.admit(pod);
        uid = pod.uid();
        admission = Optional.of(outcome);
        log.add("admit " + pod + " -> " + outcome.failure().map(Object::toString).orElse("admitted"));
      } else if (step instanceof OperationPlans.ReadmitPickedPod readmit) {
        List<Pod> whole = active.values().stream().filter(pod -> removed.get(pod.uid()).isEmpty()).toList();
        if (whole.isEmpty()) {
          return;
        }
        Pod pod = whole.get(readmit.podPick() % whole.size());
        Admission outcome = managers.admit(state, pod);
        state = outcome.state();
        operation = ScenarioStep.admit(pod);
        uid = pod.uid();
        admission = Optional.of(outcome);
        log.add("readmit " + pod.uid() + " -> " + outcome.failure().map(Object::toString).orElse("admitted"));
      } else if (step instanceof OperationPlans.RemovePickedContainer removal) {
        // a pod whose containers are all removed stays active until it is removed, holding its devices as
        // upstream's Device Manager keeps them for a pod still active (NodeResourceManagers.removeContainer)
        List<Pod> withContainers = active.values().stream()
            .filter(pod -> removed.get(pod.uid()).size() < pod.initAndAppContainers().size()).toList();
        if (withContainers.isEmpty()) {
          return;
        }
        Pod pod = withContainers.get(removal.podPick() % withContainers.size());
        List<String> left = pod.initAndAppContainers().stream().map(Container::name)
            .filter(name -> !removed.get(pod.uid()).contains(name)).toList();
        String name = left.get(removal.containerPick() % left.size());
        state = managers.removeContainer(state, pod.uid(), name);
        removed.get(pod.uid()).add(name);
        operation = ScenarioStep.removeContainer(pod.uid(), name);
        uid = pod.uid();
        log.add("remove container " + pod.uid() + "/" + name);
      } else {
        if (active.isEmpty()) {
          return;
        }
        OperationPlans.RemovePickedPod removal = (OperationPlans.RemovePickedPod) step;
        Pod pod = List.copyOf(active.values()).get(removal.podPick() % active.size());
        state = managers.removePod(state, pod);
        active.remove(pod.uid());
        operation = ScenarioStep.removePod(pod.uid());
        uid = pod.uid();
        log.add("remove pod " + pod.uid());
      }
      log.add("  cpu " + state.cpu() + ", stored hints " + state.topologyHints());
      ObservedNode after = snapshot();
      count(before, operation, uid, admission, after);
      violations.addAll(Invariants.checkTransition(before, operation, admission, after));
      checkSnapshot(after);
    }
  }
}
