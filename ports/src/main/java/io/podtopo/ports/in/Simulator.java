package io.podtopo.ports.in;

/**
 * Runs a {@link Scenario} on a machine under a node configuration and reports every step: what
 * {@code podtopo simulate} shows and what the conformance suite's reference answers to a node
 * scenario. The node is the kubelet's in memory: an admitted pod's containers start; a removed
 * container keeps its entries until its pod is no longer active (removed, refused on re-admission,
 * or every init and app container removed), when the managers' stale-state cleanup drops the pod; a
 * refused pod leaves what the kubelet leaves of it. Nothing is saved, no cgroup is written, no metric
 * is recorded: the same scenario always gives an equal result.
 *
 * <p><b>Threading.</b> Implementations are stateless and thread-safe.
 */
public interface Simulator {

  /** Told how far a run is: before each step, and once more when every step is done. */
  @FunctionalInterface
  interface StepProgress {

    /** Before step {@code done + 1} of {@code total}; {@code done == total} at the end. */
    void at(int done, int total);

    /** Told nothing. */
    static StepProgress none() {
      return (done, total) -> { };
    }
  }

  /**
   * Runs the steps in order. A removal of a pod or container that is not active changes nothing but
   * what the kubelet still holds of a refused pod; a restart the managers refuse ends the run.
   *
   * @throws io.podtopo.domain.node.InvalidNodeConfigException when the kubelet would not start with
   *     the scenario's configuration on its machine (the message names the field)
   */
  default ScenarioResult run(Scenario scenario) {
    return run(scenario, StepProgress.none());
  }

  /** {@link #run(Scenario)}, telling {@code progress} before each step. */
  ScenarioResult run(Scenario scenario, StepProgress progress);
}
