package io.podtopo.app.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.NodePodResources;
import io.podtopo.adapters.grpc.KepNodes;
import io.podtopo.app.report.AuditedEndpoint;
import io.podtopo.conformance.audit.AuditScope;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@link EndpointAudit} judges what its {@link io.podtopo.ports.out.PodResourcesReader} answers, in
 * the scope it is given, and names the socket it is given; any reader will do (here the KEP-5526
 * pod-scope node's answers in this process).
 */
class EndpointAuditTest {

  private static final Path SOCKET = Path.of("/var/lib/kubelet/pod-resources/kubelet.sock");

  @Test
  void anAuditJudgesTheReadersListAndAllocatableInTheScopeItIsGiven() {
    NodePodResources node = new NodePodResources(KepNodes.podScope());

    AuditedEndpoint podScope = new EndpointAudit(node, SOCKET, AuditScope.podScope("test"), Optional.empty()).run();
    AuditedEndpoint containerScope = new EndpointAudit(node, SOCKET, AuditScope.withoutPodLevelFields("test"),
        Optional.empty()).run();

    assertThat(podScope.socket()).isEqualTo(SOCKET);
    assertThat(podScope.input().pods()).isEqualTo(node.list());
    assertThat(podScope.input().allocatable()).isEqualTo(node.allocatable());
    assertThat(podScope.result().failed()).isFalse();
    assertThat(containerScope.result().violationsByRule()).containsEntry("pod-fields-empty-outside-pod-scope", 3);
  }
}
