package io.podtopo.ports.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The promises of {@link CpusetWriter}'s Javadoc, for every writer that applies what it is given: a
 * test class implements this interface with a fresh writer per test, over cgroups that allow CPUs
 * 0-7 and NUMA nodes 0-1, and shows what each container cgroup holds. A writer that keeps pod
 * cgroups runs {@link PodCgroups} too.
 *
 * <p>Not here: the order of the writes (a parent always allows what its children have), which only
 * a hierarchy that refuses a wrong order shows (the cgroup writer's own tests); and threading, which
 * no test of one writer at a time can catch.
 */
public interface CpusetWriterContract {

  /** What a cgroup's {@code cpuset.cpus} and {@code cpuset.mems} hold. */
  record Cpuset(CpuSet cpus, NumaMask mems) {

    static Cpuset of(CpusetWrite write) {
      return new Cpuset(write.cpus(), write.mems());
    }
  }

  /** A writer over cgroups that allow CPUs 0-7 and NUMA nodes 0-1, with no pod cgroup yet; new for each test. */
  CpusetWriter newWriter();

  /** What the container's cgroup holds now; empty when it has none. */
  Optional<Cpuset> container(String podUid, String containerName);

  /**
   * Makes {@link CpusetWriter#apply} fail for good, as a cgroup the kernel refuses does, when it
   * comes to {@code write} (a batch that holds it may have changed other cgroups before).
   */
  void failApplying(CpusetWrite write);

  /**
   * Makes {@link CpusetWriter#removePod} of the container's pod fail, as a cgroup still holding
   * processes does, until {@link #allowRemoving} of the same container.
   */
  void failRemoving(String podUid, String containerName);

  /** Lifts {@link #failRemoving}: the processes are gone. */
  void allowRemoving(String podUid, String containerName);

  private static CpusetWrite write(String pod, String container, String cpus, int... mems) {
    return CpusetWrite.of(pod, container, CpuSet.parse(cpus), NumaMask.of(mems));
  }

  /** Three containers of two pods. */
  private static List<CpusetWrite> firstBatch() {
    return List.of(write("p1", "app", "1", 0), write("p1", "log", "2-3", 0, 1), write("p2", "app", "4", 1));
  }

  private void assertHolds(CpusetWrite... writes) {
    for (CpusetWrite write : writes) {
      assertThat(container(write.podUid(), write.containerName())).as(write.podUid() + "/" + write.containerName())
          .contains(Cpuset.of(write));
    }
  }

  private void assertNoCgroup(String podUid, String containerName) {
    assertThat(container(podUid, containerName)).as(podUid + "/" + containerName).isEmpty();
  }

  @Test
  default void apply_givesEveryContainerOfTheBatchExactlyItsCpusAndMems() {
    CpusetWriter writer = newWriter();

    writer.apply(firstBatch());

    assertHolds(firstBatch().toArray(CpusetWrite[]::new));
  }

  @Test
  default void apply_givesAContainerWrittenAgainExactlyItsNewCpusAndMems_widerOrNarrower() {
    CpusetWriter writer = newWriter();
    writer.apply(firstBatch());
    List<CpusetWrite> moved = List.of(write("p1", "app", "4-5", 1), write("p1", "log", "2", 0),
        write("p2", "app", "0-7", 0, 1));

    writer.apply(moved);

    assertHolds(moved.toArray(CpusetWrite[]::new));
  }

  @Test
  default void apply_leavesTheCgroupsOfContainersAndPodsOutsideTheBatchAsTheyAre() {
    CpusetWriter writer = newWriter();
    writer.apply(firstBatch());

    writer.apply(List.of(write("p1", "app", "5", 1), write("p3", "app", "6", 0)));

    assertHolds(write("p1", "app", "5", 1), write("p1", "log", "2-3", 0, 1), write("p2", "app", "4", 1),
        write("p3", "app", "6", 0));
  }

  @Test
  default void apply_ofTheSameBatchAgainIsHarmless() {
    CpusetWriter writer = newWriter();
    writer.apply(firstBatch());

    writer.apply(firstBatch());

    assertHolds(firstBatch().toArray(CpusetWrite[]::new));
  }

  @Test
  default void apply_ofAnEmptyBatchDoesNothing() {
    CpusetWriter writer = newWriter();
    writer.apply(List.of());
    assertNoCgroup("p1", "app");
    writer.apply(firstBatch());

    writer.apply(List.of());

    assertHolds(firstBatch().toArray(CpusetWrite[]::new));
  }

  @Test
  default void apply_refusesABatchNamingAContainerTwiceBeforeChangingAnything() {
    CpusetWriter writer = newWriter();
    writer.apply(firstBatch());

    assertThatThrownBy(() -> writer.apply(List.of(write("p3", "app", "6", 0), write("p1", "app", "5", 1),
        write("p1", "app", "6", 1)))).isInstanceOf(IllegalArgumentException.class);

    assertHolds(firstBatch().toArray(CpusetWrite[]::new));
    assertNoCgroup("p3", "app");
  }

  @Test
  default void apply_thatFailsThrowsCpusetWriteExceptionAndUndoesTheWholeBatch() {
    CpusetWriter writer = newWriter();
    writer.apply(firstBatch());
    CpusetWrite refused = write("p3", "app", "6", 0);
    failApplying(refused);

    assertThatThrownBy(() -> writer.apply(List.of(write("p1", "app", "0", 0), write("p1", "log", "5-6", 1),
        refused))).isInstanceOf(CpusetWriteException.class).message().isNotBlank();

    assertHolds(firstBatch().toArray(CpusetWrite[]::new));
    assertNoCgroup("p3", "app");
  }

  @Test
  default void removePod_removesTheCgroupsOfEveryContainerOfThePod_thoseOutsideTheLastBatchToo_andNoOther() {
    CpusetWriter writer = newWriter();
    writer.apply(firstBatch());
    writer.apply(List.of(write("p1", "app", "5", 1)));

    writer.removePod("p1");

    assertNoCgroup("p1", "app");
    assertNoCgroup("p1", "log");
    assertHolds(write("p2", "app", "4", 1));
  }

  @Test
  default void removePod_ofAPodWithoutCgroupsIsHarmless_neverWrittenOrRemovedAlready() {
    CpusetWriter writer = newWriter();
    writer.apply(firstBatch());
    writer.removePod("p1");

    writer.removePod("p1");
    writer.removePod("never-written");

    assertNoCgroup("p1", "app");
    assertHolds(write("p2", "app", "4", 1));
  }

  @Test
  default void removePod_thatFailsThrowsCpusetWriteExceptionAndAskingAgainOnceItCanRemovesTheRest() {
    CpusetWriter writer = newWriter();
    writer.apply(firstBatch());
    failRemoving("p1", "log");

    assertThatThrownBy(() -> writer.removePod("p1")).isInstanceOf(CpusetWriteException.class).message().isNotBlank();
    allowRemoving("p1", "log");
    writer.removePod("p1");

    assertNoCgroup("p1", "app");
    assertNoCgroup("p1", "log");
    assertHolds(write("p2", "app", "4", 1));
  }

  /**
   * A writer that keeps a cgroup per pod above its containers': after a batch, each pod it names
   * allows exactly the union of its container cgroups; a released pod's cgroup goes with them.
   */
  interface PodCgroups extends CpusetWriterContract {

    /** What the pod's own cgroup holds now; empty when it has none. */
    Optional<Cpuset> pod(String podUid);

    @Test
    default void apply_leavesEachPodOfTheBatchAllowingExactlyTheUnionOfItsContainers_thoseOutsideTheBatchToo() {
      CpusetWriter writer = newWriter();
      writer.apply(firstBatch());
      assertThat(pod("p1")).contains(new Cpuset(CpuSet.parse("1-3"), NumaMask.of(0, 1)));
      assertThat(pod("p2")).contains(new Cpuset(CpuSet.of(4), NumaMask.of(1)));

      writer.apply(List.of(write("p1", "app", "6-7", 0)));

      assertThat(pod("p1")).contains(new Cpuset(CpuSet.parse("2-3,6-7"), NumaMask.of(0, 1)));
      assertThat(pod("p2")).contains(new Cpuset(CpuSet.of(4), NumaMask.of(1)));
    }

    @Test
    default void removePod_removesThePodsOwnCgroupAfterItsContainers() {
      CpusetWriter writer = newWriter();
      writer.apply(firstBatch());

      writer.removePod("p1");

      assertThat(pod("p1")).isEmpty();
      assertThat(pod("p2")).contains(new Cpuset(CpuSet.of(4), NumaMask.of(1)));
    }
  }
}
