package io.podtopo.app.audit;

import io.podtopo.adapters.linux.cgroup.CgroupCpusetReader;
import io.podtopo.app.report.AuditedCgroupTree;
import io.podtopo.app.report.AuditedEndpoint;
import io.podtopo.conformance.audit.Audit;
import io.podtopo.conformance.audit.AuditInput;
import io.podtopo.conformance.audit.AuditScope;
import io.podtopo.ports.out.PodResourcesReader;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One audit of a live endpoint: its {@code List} and {@code GetAllocatableResources} answers, the
 * node's scope as the caller knows it and, with a cgroup tree, the cpusets at and below its root,
 * judged by every rule of {@link Audit}. Only reads, from the endpoint and the cgroup tree.
 */
public final class EndpointAudit {

  private final PodResourcesReader endpoint;
  private final Path socket;
  private final AuditScope scope;
  private final Optional<AuditedCgroupTree> cgroupTree;
  private final CgroupCpusetReader cgroups = new CgroupCpusetReader();

  /**
   * @param endpoint reads the endpoint's answers
   * @param socket where {@code endpoint} reads them, as the outcome names the endpoint
   */
  public EndpointAudit(PodResourcesReader endpoint, Path socket, AuditScope scope,
      Optional<AuditedCgroupTree> cgroupTree) {
    this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    this.socket = Objects.requireNonNull(socket, "socket");
    this.scope = Objects.requireNonNull(scope, "scope");
    this.cgroupTree = Objects.requireNonNull(cgroupTree, "cgroupTree");
  }

  /**
   * Asks the endpoint, reads the tree and judges.
   *
   * @throws io.podtopo.ports.out.PodResourcesReadException when the endpoint cannot be asked
   * @throws io.podtopo.adapters.linux.cgroup.CgroupReadException when the cgroup tree cannot be read
   */
  public AuditedEndpoint run() {
    AuditInput input = new AuditInput(endpoint.list(), endpoint.allocatable(), scope,
        cgroupTree.map(tree -> cgroups.read(tree.directory())));
    return new AuditedEndpoint(socket, cgroupTree, input, Audit.run(input));
  }
}
