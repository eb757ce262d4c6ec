/**
 * Node scenarios (vector kind {@code node-scenario}): a machine, a kubelet configuration and a
 * sequence of steps (admit a pod, remove a container, remove a pod, restart from the saved state),
 * answered with the decision and the node's allocations after each step.
 *
 * <ul>
 *   <li>{@link io.podtopo.conformance.scenarios.NodeScenario}: the input, read and written;
 *   <li>{@link io.podtopo.conformance.scenarios.ReferenceScenarioRun}: the reference answer, from the
 *       domain's {@code NodeResourceManagers};
 *   <li>{@link io.podtopo.conformance.scenarios.ScenarioComparator}: an answer against a vector's
 *       expectation;
 *   <li>{@link io.podtopo.conformance.scenarios.AnswerReplay}: any subject's answer read back into the
 *       snapshots and operations the invariants check;
 *   <li>{@link io.podtopo.conformance.scenarios.PropertyCheck}: generated scenarios sent to a subject,
 *       the invariants checked on its answers, a failure shrunk into a replayable case.
 * </ul>
 */
package io.podtopo.conformance.scenarios;
