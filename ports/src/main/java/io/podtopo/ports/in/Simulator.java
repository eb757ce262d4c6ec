package io.podtopo.ports.in;

/**
 * Runs a {@link Scenario} on a machine under a node configuration, from an empty node, and reports
 * every step: what {@code podtopo simulate} shows. Nothing is saved, no cgroup is written, no metric
 * is recorded: the same scenario always gives an equal result.
 *
 * <p><b>Threading.</b> Implementations are stateless and thread-safe.
 */
public interface Simulator {

  /**
   * Runs the steps in order. A rejected pod is not active; removing an unknown pod or container
   * changes nothing.
   *
   * @throws io.podtopo.domain.node.InvalidNodeConfigException when the kubelet would not start with
   *     the scenario's configuration on its machine (the message names the field)
   */
  ScenarioResult run(Scenario scenario);
}
