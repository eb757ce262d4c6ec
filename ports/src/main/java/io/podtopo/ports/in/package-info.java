/**
 * Use-case ports: what drivers (the CLI, the node agent, the PodResources server, the conformance
 * suite's reference) ask of podtopo. {@link io.podtopo.ports.in.NodeResourceManager} runs one node's
 * resource managers; {@link io.podtopo.ports.in.Simulator} runs a scenario on a machine without
 * touching anything. Both take {@link io.podtopo.ports.in.ScenarioStep}s, the one step type.
 */
@PodtopoStyle
package io.podtopo.ports.in;

import io.podtopo.domain.style.PodtopoStyle;
