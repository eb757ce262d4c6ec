package io.podtopo.app.audit;

import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.adapters.linux.cgroup.CgroupCpusetReader;
import io.podtopo.app.report.AuditedCgroupTree;
import io.podtopo.app.report.AuditedEndpoint;
import io.podtopo.conformance.audit.Audit;
import io.podtopo.conformance.audit.AuditInput;
import io.podtopo.conformance.audit.NodeScope;
import java.util.Objects;
import java.util.Optional;

/**
 * One audit of a live endpoint: its {@code List} and {@code GetAllocatableResources} answers, the
 * node's scope as the caller knows it and, with a cgroup tree, the cpusets at and below its root,
 * judged by every rule of {@link Audit}. Only reads, from the endpoint and the cgroup tree.
 */
public final class EndpointAudit {

  private final PodResourcesClient client;
  private final NodeScope scope;
  private final Optional<AuditedCgroupTree> cgroupTree;
  private final CgroupCpusetReader cgroups = new CgroupCpusetReader();

  public EndpointAudit(PodResourcesClient client, NodeScope scope, Optional<AuditedCgroupTree> cgroupTree) {
    this.client = Objects.requireNonNull(client, "client");
    this.scope = Objects.requireNonNull(scope, "scope");
    this.cgroupTree = Objects.requireNonNull(cgroupTree, "cgroupTree");
  }

  /**
   * Asks the endpoint, reads the tree and judges.
   *
   * @throws io.podtopo.adapters.grpc.PodResourcesClientException when the endpoint cannot be asked
   * @throws io.podtopo.adapters.linux.cgroup.CgroupReadException when the cgroup tree cannot be read
   */
  public AuditedEndpoint run() {
    AuditInput input = new AuditInput(client.list(), client.allocatable(), scope,
        cgroupTree.map(tree -> cgroups.read(tree.directory())));
    return new AuditedEndpoint(client.socket(), cgroupTree, input, Audit.run(input));
  }
}
