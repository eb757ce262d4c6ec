package io.podtopo.adapters.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.node.Admission;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topologymanager.TopologyManagerScope;
import io.podtopo.service.NodeResourceManagerService;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Rule PR-3: the {@code List} answer is encoded once per snapshot: the same bytes until the node
 * changes, then bytes that are exactly a fresh encoding of the node's new view (the pods' messages
 * kept from the last answer where their part is unchanged, in the view's order).
 */
class ListResponseCacheTest {

  @TempDir
  Path dir;

  @Test
  void anUnchangedNodeIsServedTheSameEncodedBytes() {
    ListResponseCache cache = new ListResponseCache(KepNodes.podScope(), true);

    assertThat(cache.current().bytes()).isSameAs(cache.current().bytes());
  }

  @Test
  void everyChangeIsEncodedAnewAndEqualsAFreshEncoding() {
    NodeResourceManagerService node = KepNodes.node(TopologyManagerScope.POD);
    ListResponseCache cache = new ListResponseCache(node, true);
    byte[] empty = cache.current().bytes();

    node.admit(KepNodes.sharedOnly());
    byte[] admitted = cache.current().bytes();
    byte[] admittedFresh = freshEncoding(node);
    node.removeContainer("shared-only", "web");
    byte[] containerRemoved = cache.current().bytes();
    byte[] containerRemovedFresh = freshEncoding(node);
    node.removePod("shared-only");
    byte[] podRemoved = cache.current().bytes();

    assertThat(admitted).isEqualTo(admittedFresh).isNotEqualTo(empty);
    assertThat(containerRemoved).isNotSameAs(admitted).isEqualTo(containerRemovedFresh);
    assertThat(podRemoved).isNotSameAs(empty).isEqualTo(freshEncoding(node)).isEqualTo(empty);
  }

  @Test
  void pr3_podsKeptFromTheLastAnswerAreWrittenInTheViewsOrderAndAChangedPodIsEncodedAnew() {
    NodeResourceManagerService node = KepNodes.node(TopologyManagerScope.POD);
    ListResponseCache cache = new ListResponseCache(node, true);
    List<byte[]> answers = new ArrayList<>();
    List<byte[]> fresh = new ArrayList<>();
    Runnable answer = () -> {
      answers.add(cache.current().bytes());
      fresh.add(freshEncoding(node));
    };

    for (Pod pod : List.of(KepNodes.sharedOnly(), KepNodes.podScopeMixed(), KepNodes.initAndSidecars())) {
      node.admit(pod);
      answer.run();
    }
    node.removePod("pod-scope-mixed");
    answer.run();
    node.removeContainer("init-and-sidecars", "log-shipper");
    answer.run();
    node.removePod("shared-only");
    node.admit(KepNodes.budget("shared-only", "4", "4Gi").addContainer(Container.named("web")).build());
    answer.run();
    node.admit(KepNodes.podScopeMixed());
    answer.run();

    assertThat(answers).hasSize(7);
    for (int i = 0; i < answers.size(); i++) {
      assertThat(answers.get(i)).as("answer %d", i).isEqualTo(fresh.get(i));
    }
  }

  @Test
  void aRejectedPodChangesNothingSoTheBytesStay() {
    NodeResourceManagerService node = KepNodes.podScope();
    ListResponseCache cache = new ListResponseCache(node, true);
    byte[] before = cache.current().bytes();

    Admission rejected = node.admit(KepNodes.emptySharedPool());

    assertThat(rejected.admitted()).isFalse();
    assertThat(cache.current().bytes()).isSameAs(before);
  }

  @Test
  void withoutTheCacheEveryCallEncodesTheSameAnswerAnew() {
    NodeResourceManagerService node = KepNodes.podScope();
    ListResponseCache uncached = new ListResponseCache(node, false);

    byte[] first = uncached.current().bytes();

    assertThat(uncached.current().bytes()).isNotSameAs(first).isEqualTo(first)
        .isEqualTo(new ListResponseCache(node, true).current().bytes());
  }

  @Test
  void getReadsTheCachedViewOrWithoutTheCacheTheNodesOwn() {
    NodeResourceManagerService node = KepNodes.podScope();
    ListResponseCache cache = new ListResponseCache(node, true);

    assertThat(cache.view()).isSameAs(cache.current().view()).isEqualTo(node.podResources());
    assertThat(new ListResponseCache(node, false).view()).isEqualTo(node.podResources());
  }

  @Test
  void theSocketServesTheNewEncodingRightAfterAChange() throws Exception {
    NodeResourceManagerService node = KepNodes.node(TopologyManagerScope.POD);
    try (PodResourcesServer server = PodResourcesServer.builder(node, dir.resolve("kubelet.sock")).start();
        RawCalls calls = new RawCalls(server.socket())) {
      byte[] empty = calls.call("List", new byte[0]);

      for (Pod pod : List.of(KepNodes.sharedOnly(), KepNodes.podScopeMixed(), KepNodes.initAndSidecars())) {
        node.admit(pod);
        assertThat(calls.call("List", new byte[0])).isEqualTo(freshEncoding(node));
      }
      node.removePod("pod-scope-mixed");
      assertThat(calls.call("List", new byte[0])).isEqualTo(freshEncoding(node));
      assertThat(empty).isEqualTo(new byte[0]);
    }
  }

  private static byte[] freshEncoding(NodeResourceManagerService node) {
    return ToProto.list(node.podResources()).toByteArray();
  }
}
