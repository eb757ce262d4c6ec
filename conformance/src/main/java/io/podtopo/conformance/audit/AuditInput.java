package io.podtopo.conformance.audit;

import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.AppliedCpuset;
import io.podtopo.domain.node.PodResourcesView;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one audit run looks at.
 *
 * @param pods the endpoint's {@code List} answer
 * @param allocatable its {@code GetAllocatableResources} answer
 * @param scope what the caller knows of the node's scope, which the answers do not say
 * @param cgroups the cgroups read below a cgroup root, parents before children; empty when no tree
 *     was read
 */
public record AuditInput(PodResourcesView pods, AllocatableResources allocatable, AuditScope scope,
    Optional<List<AppliedCpuset>> cgroups) {

  public AuditInput {
    Objects.requireNonNull(pods, "pods");
    Objects.requireNonNull(allocatable, "allocatable");
    Objects.requireNonNull(scope, "scope");
    cgroups = cgroups.map(List::copyOf);
  }

  /** The answers alone: scope unknown, no cgroup tree. */
  public static AuditInput of(PodResourcesView pods, AllocatableResources allocatable) {
    return new AuditInput(pods, allocatable, AuditScope.unknown(), Optional.empty());
  }

  /** The same input with {@code scope}. */
  public AuditInput withScope(AuditScope other) {
    return new AuditInput(pods, allocatable, other, cgroups);
  }

  /** The same input with the cgroups of a tree. */
  public AuditInput withCgroups(List<AppliedCpuset> tree) {
    return new AuditInput(pods, allocatable, scope, Optional.of(tree));
  }
}
