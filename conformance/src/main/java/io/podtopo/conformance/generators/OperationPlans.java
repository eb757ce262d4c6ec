package io.podtopo.conformance.generators;

import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import org.quicktheories.api.Pair;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;
import org.quicktheories.generators.SourceDSL;

/**
 * Plans of node operations over a generated machine and configuration: admit a new pod, remove a
 * container of an active pod, remove an active pod, or admit an active pod again (a kubelet restart).
 * A plan is not yet a list of steps: which pod and container a removal picks is an index the runner
 * takes modulo what is active then, so that leaving operations out of a plan (shrinking it) still
 * gives a plan that runs. {@code GeneratedScenarios} turns a plan into the
 * {@link io.podtopo.ports.in.ScenarioStep}s of a node scenario.
 */
public final class OperationPlans {

  private OperationPlans() {}

  /** One planned operation. */
  public sealed interface PlannedOperation {}

  /** Admit {@code pod} (its uid is the runner's to give). */
  public record AdmitPod(Pod pod) implements PlannedOperation {}

  /** Remove one container (by index among those left) of one active pod (by index). */
  public record RemovePickedContainer(int podPick, int containerPick) implements PlannedOperation {}

  /** Remove one active pod (by index). */
  public record RemovePickedPod(int podPick) implements PlannedOperation {}

  /** Admit one active pod again, as after a kubelet restart (by index). */
  public record ReadmitPickedPod(int podPick) implements PlannedOperation {}

  /** A node and the operations planned on it. */
  public record Plan(Machine machine, NodeConfig config, List<PlannedOperation> steps) {
    @Override
    public String toString() {
      return machine.name() + " (" + machine.cpus().size() + " CPUs, NUMA " + machine.numaNodeIds() + "), " + config
          + ", steps " + steps;
    }
  }

  /** Steps for {@code machine}: pods sized so that a few fit at once. */
  public static Gen<PlannedOperation> steps(Machine machine) {
    int cpuScale = Math.max(1, Math.min(4, machine.cpus().size() / 8));
    Gen<PlannedOperation> admit = NodePods.pods(cpuScale).map(AdmitPod::new);
    Gen<Integer> picks = Generate.range(0, 1000);
    return Generate.frequency(
        Pair.of(6, admit),
        Pair.of(3, picks.zip(picks, RemovePickedContainer::new)),
        Pair.of(1, picks.map(RemovePickedPod::new)),
        Pair.of(1, picks.map(ReadmitPickedPod::new)));
  }

  /**
   * The differential campaign's scenarios: a machine of {@link Nodes#wideMachines}, a configuration
   * of {@link Nodes#wideConfigs} and {@code minSteps} to {@code maxSteps} operations.
   */
  public static Gen<Plan> wideScenarios(int minSteps, int maxSteps) {
    return Nodes.wideMachines().flatMap(machine -> Nodes.wideConfigs(machine).zip(
        SourceDSL.lists().of(steps(machine)).ofSizeBetween(minSteps, maxSteps),
        (config, steps) -> new Plan(machine, config, steps)));
  }

  /** Plans of 1 to {@code maxSteps} operations. */
  public static Gen<Plan> scenarios(int maxSteps) {
    return Nodes.machines().flatMap(machine -> Nodes.configs(machine).zip(
        SourceDSL.lists().of(steps(machine)).ofSizeBetween(1, maxSteps),
        (config, steps) -> new Plan(machine, config, steps)));
  }
}
