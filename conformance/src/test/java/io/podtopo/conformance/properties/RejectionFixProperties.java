package io.podtopo.conformance.properties;

import static io.podtopo.conformance.generators.PropertySeed.qt;
import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.conformance.generators.NodePods;
import io.podtopo.conformance.generators.Nodes;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.node.PodChange;
import io.podtopo.domain.node.PodFix;
import io.podtopo.domain.node.RejectionCause;
import io.podtopo.domain.node.RejectionExplainer;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.Machine;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.SourceDSL;

/**
 * Issue 24, item 3: a fix the explanation of a rejection suggests is one the user can make and one
 * that works. Over generated machines, kubelet configurations (both scopes, every policy) and nodes
 * loaded with other pods, the first suggested fix of a rejected pod, when it is a change to the pod,
 * applied to the pod, gets it admitted on the same node; it changes nothing but what it says; the
 * changes come smallest first.
 */
class RejectionFixProperties {

  private record Case(Machine machine, NodeConfig config, List<Pod> others, Pod pod) {}

  private static Gen<Case> cases() {
    return Nodes.machines().flatMap(machine -> Nodes.configs(machine).zip(
        SourceDSL.lists().of(NodePods.pods(2)).ofSizeBetween(0, 3), NodePods.pods(3),
        (config, others, pod) -> new Case(machine, config, others, pod)));
  }

  @Test
  void issue24_item3_theFirstSuggestedFixAppliedToTheRejectedPodGetsItAdmitted() {
    Exercised fixed = new Exercised("a rejection whose first fix is a change to the pod");
    qt().withExamples(Examples.scaled(150)).forAll(cases()).checkAssert(c -> {
      NodeResourceManagers managers = NodeResourceManagers.create(c.config(), c.machine());
      NodeState state = managers.initialState();
      for (int i = 0; i < c.others().size(); i++) {
        state = managers.admit(state, named(c.others().get(i), "other" + i)).state();
      }
      Pod pod = named(c.pod(), "rejected");
      Admission admission = managers.admit(state, pod);
      if (admission.admitted()) {
        return;
      }
      RejectionCause cause = new RejectionExplainer(managers).explain(pod, admission).orElseThrow();
      fixed.example(!cause.podFixes().isEmpty());
      if (cause.podFixes().isEmpty()) {
        return;
      }
      PodFix first = cause.podFixes().get(0);
      assertThat(cause.fixes().get(0)).as("the first fix says the first pod change").isEqualTo(first.advice());
      Pod changed = first.applyTo(pod);
      assertThat(managers.admit(state, changed).admitted()).as("%s admits %s", first.advice(), changed).isTrue();
      assertOnlyTheNamedResourcesChanged(pod, changed, first);
      List<PodFix> singles = cause.podFixes().stream().filter(fix -> fix.changes().size() == 1).toList();
      for (int i = 1; i < singles.size(); i++) {
        assertThat(singles.get(i).size()).as("smallest change first").isGreaterThanOrEqualTo(singles.get(i - 1).size());
      }
    });
    // Seeds vary: 5 of 65 to 13 of 59 rejections had a pod fix first (seed 8663723988388085739 gave 5).
    fixed.atLeast(0.05);
  }

  private static void assertOnlyTheNamedResourcesChanged(Pod pod, Pod changed, PodFix fix) {
    for (PodChange change : fix.changes()) {
      if (change.container().isEmpty()) {
        assertThat(changed.podRequests().get(change.resource()).milliValue())
            .isEqualTo(change.resource().equals("cpu") ? change.to() : change.to() * 1000);
      }
    }
    assertThat(without(changed.podRequests(), fix, null)).isEqualTo(without(pod.podRequests(), fix, null));
    for (Container container : pod.initAndAppContainers()) {
      Container after = changed.container(container.name()).orElseThrow();
      assertThat(without(after.requests(), fix, container.name()))
          .isEqualTo(without(container.requests(), fix, container.name()));
      assertThat(after.restartable()).isEqualTo(container.restartable());
    }
    assertThat(changed.uid()).isEqualTo(pod.uid());
  }

  /** The quantities a fix does not name at this place (null: the pod's budget). */
  private static Map<String, ?> without(SortedMap<String, ?> quantities, PodFix fix,
      String container) {
    Map<String, Object> rest = new TreeMap<>(quantities);
    fix.changes().stream().filter(change -> change.container().orElse(null) == null ? container == null
        : change.container().get().equals(container)).forEach(change -> rest.remove(change.resource()));
    return rest;
  }

  private static Pod named(Pod pod, String uid) {
    return new Pod.Builder().from(pod).uid(uid).name(uid).build();
  }
}
