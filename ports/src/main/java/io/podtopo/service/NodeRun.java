package io.podtopo.service;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.InvalidNodeStateException;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.ports.in.ScenarioStep;
import io.podtopo.ports.in.StepOutcome;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One node taking {@link ScenarioStep}s, one at a time, as the kubelet runs its resource managers
 * (NA-20, NA-21): the step code both services share, the {@link SimulatorService}'s loop and each
 * change of the {@link NodeResourceManagerService}.
 *
 * <ul>
 *   <li><b>Admit.</b> An admitted pod is active, in place if it already was; one that was not has its
 *       containers started ({@link NodeResourceManagers#startContainers}). An active pod refused on
 *       re-admission is failed: no longer active, its entries dropped by the stale-state cleanup
 *       ({@link NodeResourceManagers#removePod}). Any other refusal leaves what kubelet v1.37 leaves of
 *       the pod in {@link Admission#state()} (its stored hints, quirk {@code Q-stale-topology-hints},
 *       a partial bubble, {@code Q-cpu-partial-bubble}); an admission the kubelet gives no answer to
 *       changes nothing.</li>
 *   <li><b>Remove a container.</b> It exits: it keeps its CPU and memory entries, only its stored hint
 *       goes ({@link NodeResourceManagers#stopContainer}); once every init and app container of an
 *       active pod is gone the pod has terminated, is no longer active, and the stale-state cleanup
 *       drops it.</li>
 *   <li><b>Remove a pod.</b> It is no longer active and the stale-state cleanup drops what the
 *       managers hold of it, even of a pod that was refused.</li>
 *   <li><b>Restart.</b> New managers on the machine (with the devices the restart reports) start on
 *       the state (the kubelet's {@code validateState}, {@link NodeResourceManagers#start}); when they
 *       refuse it the kubelet does not start, and the outcome carries the error.</li>
 * </ul>
 *
 * <p>A removal names a pod by its uid; the cleanup is given the last pod admitted with that uid (its
 * containers' names), else the active one. Pods restored from a state without their specs (a
 * kubelet's checkpoints) are active but are not among the other pods an admission weighs until a step
 * admits them. Not thread-safe: one run, or one change under the node service's lock, at a time.
 */
final class NodeRun {

  private NodeResourceManagers managers;
  private NodeSnapshot snapshot;
  /** The last pod given to admit, by uid. */
  private final Map<String, Pod> given = new HashMap<>();
  /** The active pods restored without their specs, by uid, with the containers removed since. */
  private final Map<String, SortedSet<String>> restored = new HashMap<>();

  private NodeRun(NodeResourceManagers managers, NodeSnapshot snapshot) {
    this.managers = managers;
    this.snapshot = snapshot;
  }

  /** A node at {@code snapshot}, its active pods known with their specs. */
  static NodeRun at(NodeResourceManagers managers, NodeSnapshot snapshot) {
    return new NodeRun(managers, snapshot);
  }

  /** A node at {@code state}, every pod holding an entry in it active with its spec unknown. */
  static NodeRun restoredAt(NodeResourceManagers managers, NodeState state) {
    NodeRun run = new NodeRun(managers, NodeSnapshot.of(state));
    Set<String> uids = new TreeSet<>(state.cpu().entries().keySet());
    uids.addAll(state.cpu().podEntries().keySet());
    uids.addAll(state.memory().containerEntries().keySet());
    uids.addAll(state.memory().podEntries().keySet());
    uids.forEach(uid -> run.restored.put(uid, new TreeSet<>()));
    return run;
  }

  NodeSnapshot snapshot() {
    return snapshot;
  }

  /** Takes {@code step}: what it did and the node after it. */
  StepOutcome take(ScenarioStep step) {
    StepOutcome.Builder outcome = new StepOutcome.Builder().step(step);
    if (step instanceof ScenarioStep.Admit admit) {
      admit(admit.pod(), outcome);
    } else if (step instanceof ScenarioStep.RemoveContainer removal) {
      removeContainer(removal.podUid(), removal.containerName());
    } else if (step instanceof ScenarioStep.RemovePod removal) {
      removePod(removal.podUid());
    } else {
      restart((ScenarioStep.Restart) step).ifPresent(outcome::startError);
    }
    return outcome.after(snapshot).managers(managers).build();
  }

  private void admit(Pod pod, StepOutcome.Builder outcome) {
    String uid = pod.uid();
    boolean wasActive = snapshot.activePod(uid).isPresent() || restored.containsKey(uid);
    List<Pod> others = snapshot.activePods().stream().filter(other -> !other.uid().equals(uid)).toList();
    long start = System.nanoTime();
    Admission admission = managers.admit(snapshot.state(), pod, others);
    outcome.admission(admission).admissionNanos(System.nanoTime() - start);
    given.put(uid, pod);
    if (admission.admitted()) {
      NodeState state = wasActive ? admission.state() : managers.startContainers(admission.state(), pod);
      snapshot = snapshot.withAdmitted(state, pod);
      for (String removed : restored.getOrDefault(uid, new TreeSet<>())) {
        snapshot = snapshot.withContainerRemoved(snapshot.state(), uid, removed);
      }
      restored.remove(uid);
    } else if (wasActive && admission.noAnswer().isEmpty()) {
      snapshot = snapshot.withPodRemoved(managers.removePod(admission.state(), pod), uid);
      restored.remove(uid);
    } else {
      snapshot = withState(admission.state());
    }
  }

  private void removeContainer(String uid, String name) {
    NodeState stopped = managers.stopContainer(snapshot.state(), uid, name);
    Optional<Pod> active = snapshot.activePod(uid);
    if (active.isPresent()) {
      snapshot = snapshot.withContainerRemoved(stopped, uid, name);
      if (snapshot.hasTerminated(uid)) {
        cleanUp(lastGiven(uid, active.get()));
      }
      return;
    }
    snapshot = withState(stopped);
    SortedSet<String> removed = restored.get(uid);
    if (removed != null) {
      removed.add(name);
      Pod spec = given.get(uid);
      if (spec != null && spec.initAndAppContainers().stream().map(Container::name).allMatch(removed::contains)) {
        cleanUp(spec);
      }
    }
  }

  private void removePod(String uid) {
    Optional<Pod> spec = Optional.ofNullable(given.get(uid)).or(() -> snapshot.activePod(uid));
    if (spec.isEmpty() && restored.containsKey(uid)) {
      spec = Optional.of(new Pod.Builder().uid(uid).build()); // restored, its spec unknown: by its entries
    }
    spec.ifPresent(this::cleanUp);
  }

  /** The last pod given to admit with this uid, else {@code active}. */
  private Pod lastGiven(String uid, Pod active) {
    return given.getOrDefault(uid, active);
  }

  /** {@code pod} is no longer active: the stale-state cleanup drops what the managers hold of it. */
  private void cleanUp(Pod pod) {
    snapshot = snapshot.withPodRemoved(managers.removePod(snapshot.state(), pod), pod.uid());
    restored.remove(pod.uid());
  }

  private Optional<String> restart(ScenarioStep.Restart restart) {
    Machine machine = restart.devices()
        .map(devices -> new Machine.Builder().from(managers.machine()).devices(devices).build())
        .orElse(managers.machine());
    NodeResourceManagers restarted = NodeResourceManagers.create(managers.config(), machine);
    try {
      snapshot = withState(restarted.start(snapshot.state()));
      managers = restarted;
      return Optional.empty();
    } catch (InvalidNodeStateException e) {
      return Optional.of(e.getMessage());
    }
  }

  private NodeSnapshot withState(NodeState state) {
    return new NodeSnapshot.Builder().from(snapshot).state(state).build();
  }
}
