package io.podtopo.app.simulate;

import io.podtopo.app.input.ScenarioStep;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Runs scenario steps through the node's resource managers, starting from an empty node or from
 * the state a kubelet's checkpoints hold, as the kubelet runs its managers (NA-20, NA-21): an
 * admitted pod's containers start; a removed container keeps its entries until its pod is no
 * longer active (removed, refused on re-admission, or every init and app container removed), when
 * the stale-state cleanup drops the pod.
 */
public final class Simulation {

  private Simulation() {}

  /** Told before each step: how many steps are done, of how many, and the pod of the next one. */
  @FunctionalInterface
  public interface Progress {
    void beforeStep(int done, int total, String pod);

    /** Told nothing. */
    static Progress none() {
      return (done, total, pod) -> { };
    }
  }

  /** Runs {@code steps} in order on a node that has admitted nothing yet. */
  public static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      List<ScenarioStep> steps) {
    return run(title, kubeletConfig, managers, steps, Progress.none());
  }

  /** {@link #run(String, String, NodeResourceManagers, List)}, telling {@code progress} about each step. */
  public static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      List<ScenarioStep> steps, Progress progress) {
    return run(title, kubeletConfig, managers, managers.initialState(), steps, Optional.empty(), progress);
  }

  /**
   * Runs {@code steps} in order on a node whose state the kubelet's checkpoints in
   * {@code directory} hold ({@link KubeletStateStart}); the pods of that state no step admits are
   * reported as pre-existing, named by the pod of {@code given} (the manifests of the run) that has
   * their uid.
   */
  public static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      KubeletStateStart start, String directory, List<Pod> given, List<ScenarioStep> steps) {
    return run(title, kubeletConfig, managers, start, directory, given, steps, Progress.none());
  }

  /** {@link #run(String, String, NodeResourceManagers, KubeletStateStart, String, List, List)} with progress. */
  public static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      KubeletStateStart start, String directory, List<Pod> given, List<ScenarioStep> steps, Progress progress) {
    Set<String> admitted = steps.stream().filter(ScenarioStep.Admit.class::isInstance)
        .map(step -> ((ScenarioStep.Admit) step).pod().uid()).collect(Collectors.toSet());
    return run(title, kubeletConfig, managers, start.state(), steps, Optional.of(new RestoredStart(directory,
        start.checkpoints(), PreExistingPod.in(start.state(), admitted, given))), progress);
  }

  private static SimulationRun run(String title, String kubeletConfig, NodeResourceManagers managers,
      NodeState initial, List<ScenarioStep> steps, Optional<RestoredStart> restored, Progress progress) {
    NodeState state = initial;
    Map<String, PodOutcome> outcomes = new LinkedHashMap<>();
    List<StepOutcome> stepOutcomes = new ArrayList<>();
    ActivePods active = new ActivePods(restored.isPresent() ? restoredUids(initial) : Set.of());
    for (int done = 0; done < steps.size(); done++) {
      ScenarioStep step = steps.get(done);
      progress.beforeStep(done, steps.size(), ScenarioStep.key(step.pod()));
      Optional<Admission> decision = Optional.empty();
      String uid = step.pod().uid();
      if (step instanceof ScenarioStep.Admit admit) {
        boolean wasActive = active.isActive(uid);
        Admission admission = managers.admit(state, admit.pod(), active.others(uid));
        state = admission.state();
        if (admission.admitted()) {
          if (!wasActive) {
            state = managers.startContainers(state, admit.pod());
          }
          active.admitted(admit.pod());
        } else if (wasActive && admission.noAnswer().isEmpty()) {
          // Refused on re-admission, the pod is failed: no longer active, the stale-state cleanup drops it.
          state = managers.removePod(state, active.pod(uid).orElse(admit.pod()));
          active.gone(uid);
        }
        outcomes.put(ScenarioStep.key(admit.pod()), PodOutcome.admitted(admit.pod(), admission));
        decision = Optional.of(admission);
      } else if (step instanceof ScenarioStep.RemovePod remove) {
        state = managers.removePod(state, remove.pod());
        active.gone(uid);
        outcomes.computeIfPresent(ScenarioStep.key(remove.pod()), (key, outcome) -> outcome.withoutPod());
      } else if (step instanceof ScenarioStep.RemoveContainer remove) {
        boolean wasActive = active.isActive(uid);
        state = managers.stopContainer(state, uid, remove.container());
        if (wasActive && active.containerGone(remove.pod(), remove.container())) {
          // Its every init and app container gone, the pod has terminated: the stale-state cleanup drops it.
          state = managers.removePod(state, active.pod(uid).orElse(remove.pod()));
          active.gone(uid);
        }
        outcomes.computeIfPresent(ScenarioStep.key(remove.pod()),
            (key, outcome) -> outcome.withoutContainer(remove.container()));
      }
      stepOutcomes.add(new StepOutcome(done + 1, step, decision, state));
    }
    progress.beforeStep(steps.size(), steps.size(), "");
    return new SimulationRun(title, kubeletConfig, managers, List.copyOf(outcomes.values()), stepOutcomes, state,
        restored);
  }

  /** The pods a restored state holds entries for: their containers run from before the restart. */
  private static Set<String> restoredUids(NodeState state) {
    Set<String> uids = new HashSet<>();
    uids.addAll(state.cpu().entries().keySet());
    uids.addAll(state.cpu().podEntries().keySet());
    uids.addAll(state.memory().containerEntries().keySet());
    uids.addAll(state.memory().podEntries().keySet());
    return uids;
  }

  /**
   * The active pods, as the kubelet's pod manager holds them (NA-21): admitted (or restored) and not
   * yet removed, failed or terminated, with the containers of each that were removed.
   */
  private static final class ActivePods {
    private final Set<String> restored;
    private final Map<String, Pod> pods = new HashMap<>();
    private final Map<String, Set<String>> removed = new HashMap<>();

    ActivePods(Set<String> restored) {
      this.restored = new HashSet<>(restored);
    }

    boolean isActive(String uid) {
      return pods.containsKey(uid) || restored.contains(uid);
    }

    Optional<Pod> pod(String uid) {
      return Optional.ofNullable(pods.get(uid));
    }

    /**
     * The active pods given so far but the one of this uid (the predicate's {@code OtherPods}); a pod
     * restored from the kubelet's files and not given again is not among them: its spec is unknown.
     */
    List<Pod> others(String uid) {
      return pods.values().stream().filter(pod -> !pod.uid().equals(uid)).toList();
    }

    void admitted(Pod pod) {
      pods.put(pod.uid(), pod);
    }

    /** Marks the container removed; whether every init and app container of the pod now is. */
    boolean containerGone(Pod pod, String container) {
      Set<String> names = removed.computeIfAbsent(pod.uid(), uid -> new HashSet<>());
      names.add(container);
      Pod known = pods.getOrDefault(pod.uid(), pod);
      return known.initAndAppContainers().stream().allMatch(c -> names.contains(c.name()));
    }

    void gone(String uid) {
      pods.remove(uid);
      restored.remove(uid);
      removed.remove(uid);
    }
  }
}
