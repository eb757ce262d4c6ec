package io.podtopo.domain.pod;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Issue 26 item 2: the one walk of a pod-level pod's shared pool (PLR-3, PLRM spec §6.3), whose typed
 * findings the CPU and Memory Managers phrase as their {@code EmptyPodSharedPoolError} texts and the
 * rejection's explanation as advice.
 */
class PodSharedPoolTest {

  private static final SortedMap<String, Long> CPU_4_MEMORY_4 = new TreeMap<>(Map.of("cpu", 4L, "memory", 4L));

  /** What each container gets exclusively, by name; a container not named is on the pool. */
  private static PodSharedPool pool(Pod pod, SortedMap<String, Long> budget, Map<String, Map<String, Long>> exclusive) {
    return PodSharedPool.of(pod, budget,
        container -> new TreeMap<>(exclusive.getOrDefault(container.name(), Map.of())));
  }

  private static Container sidecar(String name) {
    return TestPods.sidecar(Container.named(name));
  }

  @Test
  void plr3_theFirstFindingIsAnExclusiveInitLargerThanTheBudgetLessTheSidecarsBeforeIt() {
    Pod pod = new Pod.Builder().uid("p").addInitContainers(sidecar("sc"), Container.named("big"))
        .addContainers(Container.named("main"), Container.named("helper")).build();
    PodSharedPool pool = pool(pod, CPU_4_MEMORY_4, Map.of("sc", Map.of("cpu", 2L, "memory", 1L),
        "big", Map.of("memory", 4L), "main", Map.of("cpu", 2L)));

    assertThat(pool.firstFinding()).contains(new ExclusiveInitBeyondPool.Builder().resource("memory").container("big")
        .requested(4).pool(3).build());
  }

  @Test
  void plr3_anExclusiveInitAfterSidecarsTakingTheWholeBudgetIsBeyondAnEmptyPoolNotShared() {
    Pod pod = new Pod.Builder().uid("p").addInitContainers(sidecar("sc"), Container.named("init"))
        .addContainers(Container.named("app")).build();
    PodSharedPool pool = pool(pod, new TreeMap<>(Map.of("cpu", 2L)), Map.of("sc", Map.of("cpu", 2L),
        "init", Map.of("cpu", 1L), "app", Map.of("cpu", 1L)));

    assertThat(pool.firstFinding()).contains(new ExclusiveInitBeyondPool.Builder().resource("cpu").container("init")
        .requested(1).pool(0).build());
  }

  @Test
  void plr3_aSharedInitIsCheckedAgainstEachResourceInTheBudgetsOrder() {
    Pod pod = new Pod.Builder().uid("p").addInitContainers(sidecar("sc"), Container.named("setup"))
        .addContainers(Container.named("app")).build();
    PodSharedPool pool = pool(pod, CPU_4_MEMORY_4, Map.of("sc", Map.of("cpu", 4L, "memory", 4L),
        "app", Map.of("cpu", 1L)));

    assertThat(pool.firstFinding()).contains(new SharedInitWithoutPool.Builder().resource("cpu").container("setup")
        .budget(4).addSidecars(Map.entry("sc", 4L)).build());
    assertThat(pool.sharedContainersWithout("memory")).contains(new SharedInitWithoutPool.Builder().resource("memory")
        .container("setup").budget(4).addSidecars(Map.entry("sc", 4L)).build());
  }

  @Test
  void plr3_theLongRunningContainersOnThePoolAreNamedWithWhatTheExclusiveOnesTake() {
    Pod pod = new Pod.Builder().uid("p").addInitContainers(sidecar("proxy"), sidecar("logger"))
        .addContainers(Container.named("main"), Container.named("helper")).build();
    PodSharedPool pool = pool(pod, CPU_4_MEMORY_4, Map.of("proxy", Map.of("cpu", 1L, "memory", 1L),
        "main", Map.of("cpu", 3L)));

    SharedContainersWithoutPool expected = new SharedContainersWithoutPool.Builder().resource("cpu").budget(4)
        .addExclusive(Map.entry("proxy", 1L), Map.entry("main", 3L)).addSharing("logger", "helper").build();
    assertThat(pool.firstFinding()).contains(expected);
    assertThat(expected.exclusiveTotal()).isEqualTo(4);
    assertThat(pool.sharedContainersWithout("memory")).as("main takes no memory: 1 of 4 taken").isEmpty();
  }

  @Test
  void plr3_exclusiveContainersMayFillTheBudgetWhenNoneIsShared() {
    Pod pod = new Pod.Builder().uid("p").addContainers(Container.named("a"), Container.named("b")).build();
    PodSharedPool pool = pool(pod, CPU_4_MEMORY_4, Map.of("a", Map.of("cpu", 2L, "memory", 2L),
        "b", Map.of("cpu", 2L, "memory", 2L)));

    assertThat(pool.firstFinding()).isEmpty();
    assertThat(pool.sharedContainersWithout("cpu")).isEmpty();
  }

  /** The explanation asks per resource; a too-large exclusive init is the pod-level validation's to refuse. */
  @Test
  void issue26_item2_perResourceAnExclusiveInitBeyondItsPoolIsPassedOverAndTheFirstSharedInitEndsTheWalk() {
    Pod pod = new Pod.Builder().uid("p")
        .addInitContainers(Container.named("big"), sidecar("sc"), Container.named("first"), Container.named("second"))
        .addContainers(Container.named("app")).build();
    PodSharedPool pool = pool(pod, new TreeMap<>(Map.of("cpu", 2L)), Map.of("big", Map.of("cpu", 3L),
        "sc", Map.of("cpu", 2L)));

    assertThat(pool.firstFinding()).containsInstanceOf(ExclusiveInitBeyondPool.class);
    assertThat(pool.sharedContainersWithout("cpu")).contains(new SharedInitWithoutPool.Builder().resource("cpu")
        .container("first").budget(2).addSidecars(Map.entry("sc", 2L)).build());
  }

  @Test
  void issue26_item2_eachContainersAmountsAreAskedForWhenTheWalkReachesIt() {
    Pod pod = new Pod.Builder().uid("p").addInitContainers(sidecar("sc"), Container.named("setup"))
        .addContainers(Container.named("unreadable")).build();
    List<String> asked = new ArrayList<>();
    PodSharedPool pool = PodSharedPool.of(pod, new TreeMap<>(Map.of("cpu", 1L)), container -> {
      asked.add(container.name());
      if (container.name().equals("unreadable")) {
        throw new IllegalStateException("cannot read " + container.name());
      }
      return new TreeMap<>(container.name().equals("sc") ? Map.of("cpu", 1L) : Map.of());
    });

    assertThat(pool.firstFinding()).containsInstanceOf(SharedInitWithoutPool.class);
    assertThat(asked).as("upstream returns at setup: the app container is never read").containsExactly("sc", "setup");
  }

  @Test
  void issue26_item2_aResourceOutsideTheBudgetIsNoQuestion() {
    PodSharedPool pool = pool(new Pod.Builder().uid("p").build(), CPU_4_MEMORY_4, Map.of());

    assertThat(pool.budget()).isEqualTo(CPU_4_MEMORY_4);
    assertThatThrownBy(() -> pool.sharedContainersWithout("hugepages-2Mi"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("hugepages-2Mi");
  }
}
