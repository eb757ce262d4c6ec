package io.podtopo.ports.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.service.NodeResourceManagerService;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The promises of {@link PodResourcesReader}'s Javadoc, for every adapter: a test class implements
 * this interface with a reader of what a node service ({@link ContractNode}) reports, however the
 * adapter reaches it. A reader that can fail to reach its node runs {@link Unreachable} too.
 *
 * <p>Not here: threading, which no test of calls one at a time can catch.
 */
public interface PodResourcesReaderContract {

  /** A reader of what {@code node} reports (through whatever the adapter reads: an endpoint serving it). */
  PodResourcesReader readerOf(NodeResourceManager node);

  @Test
  default void list_isEveryPodTheNodeReportsInItsOrder_podScope() {
    NodeResourceManagerService node = ContractNode.node(TopologyManagerScope.POD);

    PodResourcesView listed = readerOf(node).list();

    assertThat(listed).isEqualTo(node.podResources());
    assertThat(listed.pods()).extracting(pod -> pod.namespace() + "/" + pod.name())
        .containsExactly("default/web", "default/db", "team-b/web");
  }

  /** Container scope: the pod-level fields the node leaves empty are read empty. */
  @Test
  default void list_isEveryPodTheNodeReportsInItsOrder_containerScope() {
    NodeResourceManagerService node = ContractNode.node(TopologyManagerScope.CONTAINER);

    PodResourcesView listed = readerOf(node).list();

    assertThat(listed).isEqualTo(node.podResources());
    assertThat(listed.pods()).allSatisfy(pod -> assertThat(pod.cpuIds().isEmpty()).isTrue());
  }

  @Test
  default void get_isThePodOfThatNamespaceAndNameAsListHasIt() {
    NodeResourceManagerService node = ContractNode.node(TopologyManagerScope.POD);
    PodResourcesReader reader = readerOf(node);

    for (PodResources pod : node.podResources().pods()) {
      assertThat(reader.get(pod.namespace(), pod.name())).as(pod.namespace() + "/" + pod.name()).contains(pod);
    }
  }

  @Test
  default void get_ofAPodTheNodeDoesNotHaveIsEmpty_aPodOfTheSameNameInAnotherNamespaceIsAnotherPod() {
    PodResourcesReader reader = readerOf(ContractNode.node(TopologyManagerScope.POD));

    assertThat(reader.get("default", "cache")).isEmpty();
    assertThat(reader.get("team-c", "web")).isEmpty();
    assertThat(reader.get("team-b", "db")).isEmpty();
  }

  @Test
  default void allocatable_isWhatTheNodesManagersMayHandOut() {
    NodeResourceManagerService node = ContractNode.node(TopologyManagerScope.POD);

    assertThat(readerOf(node).allocatable()).isEqualTo(node.allocatable());
  }

  @Test
  default void everyCall_answersForTheNodeAsItIsWhenTheCallIsMade() {
    NodeResourceManagerService node = ContractNode.node(TopologyManagerScope.POD);
    PodResourcesReader reader = readerOf(node);
    assertThat(reader.get("default", "db")).isPresent();

    node.removePod("uid-db");
    node.admit(new Pod.Builder().uid("uid-cache").name("cache").namespace("default")
        .addContainer(Container.named("main")).build());

    assertThat(reader.list()).isEqualTo(node.podResources());
    assertThat(reader.list().pods()).extracting(pod -> pod.namespace() + "/" + pod.name())
        .containsExactly("default/web", "team-b/web", "default/cache");
    assertThat(reader.get("default", "db")).isEmpty();
    assertThat(reader.get("default", "cache")).isEqualTo(node.podResources().pod("cache", "default"));
  }

  /** A reader that can fail to reach its node: every call fails naming the endpoint. */
  interface Unreachable extends PodResourcesReaderContract {

    /** A reader of an endpoint where nothing answers. */
    PodResourcesReader readerOfNothing();

    /** How the failures of {@link #readerOfNothing}'s calls name its endpoint. */
    String endpoint();

    @Test
    default void everyCall_toAnEndpointThatDoesNotAnswerFailsWithPodResourcesReadExceptionNamingIt() {
      PodResourcesReader reader = readerOfNothing();

      for (ThrowingCallable call : List.<ThrowingCallable>of(reader::list, () -> reader.get("default", "web"),
          reader::allocatable)) {
        assertThatThrownBy(call).isInstanceOf(PodResourcesReadException.class).hasMessageContaining(endpoint());
      }
    }
  }
}
