package io.podtopo.app.report;

import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.Machine;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@code podtopo inspect} read from a PodResources endpoint, to show.
 *
 * @param socket the endpoint's socket
 * @param pods the {@code List} answer, or the {@code Get} answer of one pod
 * @param onePod whether {@code pods} is one pod's {@code Get} answer rather than the whole node's
 * @param allocatable the {@code GetAllocatableResources} answer
 * @param machine the node's machine, for the CPU map, when known
 */
public record InspectedEndpoint(Path socket, PodResourcesView pods, boolean onePod, AllocatableResources allocatable,
    Optional<Machine> machine) {

  public InspectedEndpoint {
    Objects.requireNonNull(socket, "socket");
    Objects.requireNonNull(pods, "pods");
    Objects.requireNonNull(allocatable, "allocatable");
    Objects.requireNonNull(machine, "machine");
  }
}
