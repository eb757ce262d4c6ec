/**
 * Use-case ports: what drivers (the CLI, the node agent, the PodResources server) ask of podtopo.
 * {@link io.podtopo.ports.in.NodeResourceManager} runs one node's resource managers;
 * {@link io.podtopo.ports.in.Simulator} replays a scenario on a machine without touching anything.
 */
@PodtopoStyle
package io.podtopo.ports.in;

import io.podtopo.domain.style.PodtopoStyle;
