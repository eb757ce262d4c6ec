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
 * Sequences of node operations over a generated machine and configuration: admit a new pod, remove a
 * container of an active pod, remove an active pod, or admit an active pod again (a kubelet restart).
 * Which pod and container a removal picks is an index the runner takes modulo what is active.
 */
public final class NodeOperations {

  private NodeOperations() {}

  /** One planned operation. */
  public sealed interface Step {}

  /** Admit {@code pod} (its uid is the runner's to give). */
  public record AdmitPod(Pod pod) implements Step {}

  /** Remove one container (by index among those left) of one active pod (by index). */
  public record RemoveContainer(int podPick, int containerPick) implements Step {}

  /** Remove one active pod (by index). */
  public record RemovePod(int podPick) implements Step {}

  /** Admit one active pod again, as after a kubelet restart (by index). */
  public record Readmit(int podPick) implements Step {}

  /** A node and what happens on it. */
  public record Scenario(Machine machine, NodeConfig config, List<Step> steps) {
    @Override
    public String toString() {
      return machine.name() + " (" + machine.cpus().size() + " CPUs, NUMA " + machine.numaNodeIds() + "), " + config
          + ", steps " + steps;
    }
  }

  /** Steps for {@code machine}: pods sized so that a few fit at once. */
  public static Gen<Step> steps(Machine machine) {
    int cpuScale = Math.max(1, Math.min(4, machine.cpus().size() / 8));
    Gen<Step> admit = NodePods.pods(cpuScale).map(AdmitPod::new);
    Gen<Integer> picks = Generate.range(0, 1000);
    return Generate.frequency(
        Pair.of(6, admit),
        Pair.of(3, picks.zip(picks, RemoveContainer::new)),
        Pair.of(1, picks.map(RemovePod::new)),
        Pair.of(1, picks.map(Readmit::new)));
  }

  /**
   * The differential campaign's scenarios: a machine of {@link Nodes#wideMachines}, a configuration
   * of {@link Nodes#wideConfigs} and {@code minSteps} to {@code maxSteps} operations.
   */
  public static Gen<Scenario> wideScenarios(int minSteps, int maxSteps) {
    return Nodes.wideMachines().flatMap(machine -> Nodes.wideConfigs(machine).zip(
        SourceDSL.lists().of(steps(machine)).ofSizeBetween(minSteps, maxSteps),
        (config, steps) -> new Scenario(machine, config, steps)));
  }

  /** Scenarios of 1 to {@code maxSteps} steps. */
  public static Gen<Scenario> scenarios(int maxSteps) {
    return Nodes.machines().flatMap(machine -> Nodes.configs(machine).zip(
        SourceDSL.lists().of(steps(machine)).ofSizeBetween(1, maxSteps),
        (config, steps) -> new Scenario(machine, config, steps)));
  }
}
