package io.podtopo.ports.in;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bookkeeping of active pods and removed containers that both services share. */
class NodeSnapshotTest {

  private static final NodeState STATE = NodeState.empty();
  private static final Pod WEB = new Pod.Builder().uid("web").name("web")
      .addInitContainer(Container.named("setup"))
      .addContainer(Container.named("app"))
      .addEphemeralContainer(Container.named("debug"))
      .build();
  private static final Pod DB = new Pod.Builder().uid("db").name("db").addContainer(Container.named("main")).build();

  @Test
  void admittedPodsAreActiveInAdmissionOrderAndAReadmittedPodKeepsItsPlace() {
    NodeSnapshot node = NodeSnapshot.of(STATE).withAdmitted(STATE, WEB).withAdmitted(STATE, DB);

    NodeSnapshot again = node.withAdmitted(STATE, WEB);

    assertThat(again.activePods()).containsExactly(WEB, DB);
    assertThat(again).isEqualTo(node);
  }

  @Test
  void runningContainersAreInitAppAndEphemeralContainersOfActivePodsMinusTheRemovedOnes() {
    NodeSnapshot node = NodeSnapshot.of(STATE).withAdmitted(STATE, WEB).withAdmitted(STATE, DB)
        .withContainerRemoved(STATE, "web", "setup");

    assertThat(node.runningContainers()).containsExactly(ContainerRef.of("web", "app"),
        ContainerRef.of("web", "debug"), ContainerRef.of("db", "main"));
  }

  @Test
  void removingAnUnknownContainerMarksNothing() {
    NodeSnapshot node = NodeSnapshot.of(STATE).withAdmitted(STATE, WEB);

    assertThat(node.withContainerRemoved(STATE, "web", "nope")).isEqualTo(node);
    assertThat(node.withContainerRemoved(STATE, "nobody", "app")).isEqualTo(node);
  }

  /** NA-21: a pod has terminated once its every init and app container is removed; ephemeral ones do not count. */
  @Test
  void na21_aPodHasTerminatedOnceEveryInitAndAppContainerIsRemoved() {
    NodeSnapshot node = NodeSnapshot.of(STATE).withAdmitted(STATE, WEB).withContainerRemoved(STATE, "web", "setup");

    assertThat(node.hasTerminated("web")).isFalse();
    assertThat(node.withContainerRemoved(STATE, "web", "app").hasTerminated("web")).isTrue();
    assertThat(node.hasTerminated("nobody")).isFalse();
  }

  @Test
  void aRemovedPodIsNoLongerActiveAndItsRemovedMarksGo() {
    NodeSnapshot node = NodeSnapshot.of(STATE).withAdmitted(STATE, WEB).withAdmitted(STATE, DB)
        .withContainerRemoved(STATE, "web", "setup");

    NodeSnapshot after = node.withPodRemoved(STATE, "web");

    assertThat(after.activePods()).containsExactly(DB);
    assertThat(after.removedContainers()).isEmpty();
  }

  @Test
  void aPodIsActiveAtMostOnce() {
    assertThatThrownBy(() -> new NodeSnapshot.Builder().state(STATE).addActivePod(DB).addActivePod(DB).build())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[db, db]");
  }

  /**
   * A step holds exactly what its kind needs (a sealed type: an admission has a pod, a removal a uid)
   * and says what it does as the conformance replay names it in a violation ({@code step 3 (admit p0)}).
   */
  @Test
  void aStepHoldsExactlyWhatItsKindNeedsAndSaysWhatItDoes() {
    assertThat(ScenarioStep.admit(WEB).toString()).isEqualTo("admit web");
    assertThat(ScenarioStep.removeContainer("web", "app").toString()).isEqualTo("remove container web/app");
    assertThat(ScenarioStep.removePod("web").toString()).isEqualTo("remove pod web");
    assertThat(ScenarioStep.restart().toString()).isEqualTo("restart");
    assertThat(ScenarioStep.removePod("web")).isEqualTo(ScenarioStep.removePod("web"))
        .isNotEqualTo(ScenarioStep.removeContainer("web", "app"));
    assertThat(ScenarioStep.restart()).isNotEqualTo(ScenarioStep.restart(List.of()));
  }
}
