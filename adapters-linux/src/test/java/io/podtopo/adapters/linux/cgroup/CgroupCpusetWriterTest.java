package io.podtopo.adapters.linux.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.ports.out.CpusetWrite;
import io.podtopo.ports.out.CpusetWriteException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link CgroupCpusetWriter} on a temp-dir tree that acts like the kernel ({@link SimulatedCgroupTree}),
 * beyond {@link io.podtopo.ports.out.CpusetWriter}'s promises (which {@link CgroupCpusetWriterContractTest}
 * runs): the layout it creates, the order of its writes (a parent always allows what its children
 * have), the retries, the undo of a failed batch step by step, and the order in which a released pod's
 * cgroups are removed.
 */
class CgroupCpusetWriterTest {

  @TempDir
  Path dir;

  private final List<Duration> pauses = new ArrayList<>();

  private SimulatedCgroupTree tree(CgroupVersion version) {
    return SimulatedCgroupTree.create(dir, version, "0-7", "0-1");
  }

  private CgroupCpusetWriter writer(SimulatedCgroupTree tree, CgroupVersion version) {
    return new CgroupCpusetWriter(CgroupLayout.of(tree.root(), CgroupDriver.CGROUPFS), version, tree,
        RetryPolicy.of(3, Duration.ofMillis(10), pauses::add));
  }

  private static CpusetWrite write(String pod, String container, String cpus, int... mems) {
    return CpusetWrite.of(pod, container, CpuSet.parse(cpus), NumaMask.of(mems));
  }

  @Test
  void aPodIsWidenedBeforeItsContainersAreWrittenAndNarrowedAfterThem() {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);
    CgroupCpusetWriter writer = writer(tree, CgroupVersion.V1);
    writer.apply(List.of(write("p1", "app", "0-1", 0), write("p1", "log", "2-3", 0)));
    int mark = tree.log().size();

    writer.apply(List.of(write("p1", "app", "4-5", 1), write("p1", "log", "2", 0)));

    assertThat(tree.log().subList(mark, tree.log().size())).containsExactly(
        "podp1/cpuset.cpus=0-5", "podp1/cpuset.mems=0-1",
        "podp1/podtopo-app/cpuset.cpus=4-5", "podp1/podtopo-app/cpuset.mems=1",
        "podp1/podtopo-log/cpuset.cpus=2",
        "podp1/cpuset.cpus=2,4-5");
  }

  @Test
  void theTreeRefusesAChildOutsideItsParentAndAParentNarrowerThanAChildAsCgroupV1Does() throws Exception {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);
    writer(tree, CgroupVersion.V1).apply(List.of(write("p1", "app", "1", 0)));

    assertThatThrownBy(() -> tree.write(tree.root().resolve("podp1/podtopo-app/cpuset.cpus"), "2"))
        .hasMessageContaining("Permission denied");
    assertThatThrownBy(() -> tree.write(tree.root().resolve("podp1/cpuset.cpus"), "2"))
        .hasMessageContaining("Device or resource busy");
  }

  @ParameterizedTest
  @EnumSource(CgroupVersion.class)
  void applyingTheSameBatchAgainWritesNothing(CgroupVersion version) {
    SimulatedCgroupTree tree = tree(version);
    CgroupCpusetWriter writer = writer(tree, version);
    List<CpusetWrite> batch = List.of(write("p1", "app", "1", 0), write("p2", "app", "2-3", 1));
    writer.apply(batch);
    List<String> log = tree.log();

    writer.apply(batch);

    assertThat(tree.log()).isEqualTo(log);
  }

  @Test
  void cgroupV2HandsTheCpusetControllerDownBeforeMakingChildrenAndLeavesPartitionsAlone() {
    SimulatedCgroupTree tree = tree(CgroupVersion.V2);

    writer(tree, CgroupVersion.V2).apply(List.of(write("p1", "app", "1", 0)));

    assertThat(tree.log()).containsExactly(
        "cgroup.subtree_control=+cpuset", "mkdir podp1",
        "podp1/cgroup.subtree_control=+cpuset", "mkdir podp1/podtopo-app",
        "podp1/podtopo-app/cpuset.cpus=1", "podp1/podtopo-app/cpuset.mems=0",
        "podp1/cpuset.cpus=1", "podp1/cpuset.mems=0");
    assertThat(tree.value("cgroup.subtree_control")).isEqualTo("memory cpuset");
    assertThat(tree.value("cpuset.cpus.partition")).isEqualTo("member");
  }

  @Test
  void inCgroupV2AnEmptyPodValueAllowsAllAndIsNarrowedOnlyAfterTheContainers() throws Exception {
    SimulatedCgroupTree tree = tree(CgroupVersion.V2);
    CgroupCpusetWriter writer = writer(tree, CgroupVersion.V2);
    writer.apply(List.of(write("p1", "app", "1", 0)));
    tree.write(tree.root().resolve("podp1/cpuset.cpus"), "");
    int mark = tree.log().size();

    writer.apply(List.of(write("p1", "app", "5", 0)));

    assertThat(tree.log().subList(mark, tree.log().size()))
        .containsExactly("podp1/podtopo-app/cpuset.cpus=5", "podp1/cpuset.cpus=5");
  }

  @Test
  void aFailedWriteIsTriedAgainAfterGrowingPauses() {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);
    tree.failWrite("podp1/podtopo-app/cpuset.cpus", "1", "Device or resource busy", 2);

    writer(tree, CgroupVersion.V1).apply(List.of(write("p1", "app", "1", 0)));

    assertThat(tree.value("podp1/podtopo-app/cpuset.cpus")).isEqualTo("1");
    assertThat(pauses).containsExactly(Duration.ofMillis(10), Duration.ofMillis(20));
  }

  @Test
  void aWriteThatKeepsFailingUndoesTheWholeBatchInReverseOrderAndSaysWhereAndWhy() {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);
    CgroupCpusetWriter writer = writer(tree, CgroupVersion.V1);
    writer.apply(List.of(write("p1", "app", "1", 0)));
    Map<String, String> before = tree.files();
    int mark = tree.log().size();
    tree.failWrite("podp2/podtopo-app/cpuset.mems", "1", "Invalid argument", 3);

    assertThatThrownBy(() -> writer.apply(List.of(write("p1", "app", "0", 0), write("p2", "app", "2", 1))))
        .isInstanceOf(CpusetWriteException.class)
        .hasMessage("cgroup " + tree.root().resolve("podp2/podtopo-app") + ": cannot write \"1\" to cpuset.mems: "
            + "Invalid argument (tried 3 times); undid the batch's 8 earlier changes");

    assertThat(tree.files()).isEqualTo(before);
    assertThat(tree.log().subList(mark, tree.log().size())).containsExactly(
        "podp1/cpuset.cpus=0-1", "podp1/podtopo-app/cpuset.cpus=0", "podp1/cpuset.cpus=0",
        "mkdir podp2", "podp2/cpuset.cpus=2", "podp2/cpuset.mems=1", "mkdir podp2/podtopo-app",
        "podp2/podtopo-app/cpuset.cpus=2",
        "podp2/podtopo-app/cpuset.cpus=", "rmdir podp2/podtopo-app", "podp2/cpuset.mems=", "podp2/cpuset.cpus=",
        "rmdir podp2", "podp1/cpuset.cpus=0-1", "podp1/podtopo-app/cpuset.cpus=1", "podp1/cpuset.cpus=1");
    assertThat(pauses).hasSize(2);
  }

  @Test
  void anUndoStepThatFailsIsReportedAndTheOthersAreStillTried() {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);
    CgroupCpusetWriter writer = writer(tree, CgroupVersion.V1);
    writer.apply(List.of(write("p1", "app", "1", 0)));
    tree.failWrite("podp1/podtopo-log/cpuset.mems", "0", "Invalid argument", 3);
    tree.failWrite("podp1/podtopo-app/cpuset.cpus", "1", "Device or resource busy", 3);

    assertThatThrownBy(() -> writer.apply(List.of(write("p1", "app", "0", 0), write("p1", "log", "2", 0))))
        .hasMessageEndingWith("; undo incomplete: 2 of the batch's 4 earlier changes could not be undone, first: "
            + "cgroup " + tree.root().resolve("podp1/podtopo-app") + ": cannot write \"1\" to cpuset.cpus: "
            + "Device or resource busy (tried 3 times)");

    assertThat(tree.value("podp1/podtopo-app/cpuset.cpus")).isEqualTo("0");
    assertThat(tree.value("podp1/cpuset.cpus")).isEqualTo("0-2");
    assertThat(tree.root().resolve("podp1/podtopo-log")).doesNotExist();
  }

  @Test
  void aCgroupFileThatIsADirectoryFailsWithTheFileSystemsReasonBeforeAnythingChanges() throws Exception {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);
    CgroupCpusetWriter writer = writer(tree, CgroupVersion.V1);
    writer.apply(List.of(write("p1", "app", "1", 0)));
    Path mems = tree.root().resolve("podp1/cpuset.mems");
    Files.delete(mems);
    Files.createDirectory(mems);

    assertThatThrownBy(() -> writer.apply(List.of(write("p1", "app", "2", 0))))
        .hasMessage("cgroup " + tree.root().resolve("podp1") + ": cannot read cpuset.mems: Is a directory "
            + "(tried 3 times); undid the batch's 1 earlier change");

    assertThat(tree.value("podp1/cpuset.cpus")).isEqualTo("1");
  }

  @Test
  void aNameThatCouldLeaveTheRootFailsTheBatchBeforeAnyChange() {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);

    assertThatThrownBy(() -> writer(tree, CgroupVersion.V1)
        .apply(List.of(write("p1", "app", "1", 0), write("..", "app", "1", 0))))
        .isInstanceOf(CpusetWriteException.class)
        .hasMessage("cannot apply ../app cpus=1 mems=[0]: pod uid \"..\" cannot name a cgroup: it must be 1 to 128 "
            + "letters, digits and '-', starting with a letter or digit; nothing was changed");
    assertThat(tree.log()).isEmpty();
  }

  /** Issue 24 item 12: a released pod's cgroups are removed as the kubelet removes a pod's, children first. */
  @ParameterizedTest
  @EnumSource(CgroupVersion.class)
  void issue24_item12_aReleasedPodsCgroupsAreRemovedItsContainersFirstAndNothingElse(CgroupVersion version) {
    SimulatedCgroupTree tree = tree(version);
    CgroupCpusetWriter writer = writer(tree, version);
    writer.apply(List.of(write("p1", "app", "1", 0), write("p1", "log", "2-3", 0), write("p2", "app", "4", 1)));
    int mark = tree.log().size();

    writer.removePod("p1");

    assertThat(tree.log().subList(mark, tree.log().size()))
        .containsExactly("rmdir podp1/podtopo-app", "rmdir podp1/podtopo-log", "rmdir podp1");
    assertThat(tree.root().resolve("podp1")).doesNotExist();
    assertThat(tree.value("podp2/podtopo-app/cpuset.cpus")).isEqualTo("4");
    assertThat(tree.value("podp2/cpuset.cpus")).isEqualTo("4");
    assertThat(pauses).isEmpty();
  }

  /** Issue 24 item 12: asking again, or for a pod that never had cgroups, removes nothing and fails nothing. */
  @Test
  void issue24_item12_aPodWithoutCgroupsHasNothingToRemove() {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);
    CgroupCpusetWriter writer = writer(tree, CgroupVersion.V1);
    writer.apply(List.of(write("p1", "app", "1", 0)));
    writer.removePod("p1");
    List<String> log = tree.log();

    writer.removePod("p1");
    writer.removePod("never-written");
    writer.removePod("..");

    assertThat(tree.log()).isEqualTo(log);
    assertThat(tree.root()).isDirectory();
  }

  /**
   * Issue 24 item 12: a cgroup that still holds processes cannot be removed (EBUSY): tried as every
   * cgroup operation is, then reported on one line; what was removed stays removed, and once the
   * processes are gone the next removal takes the rest.
   */
  @Test
  void issue24_item12_aCgroupWithProcessesIsTriedAgainThenReportedAndRemovedOnceTheyAreGone() throws Exception {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);
    CgroupCpusetWriter writer = writer(tree, CgroupVersion.V1);
    writer.apply(List.of(write("p1", "app", "1", 0), write("p1", "log", "2", 0)));
    tree.write(tree.root().resolve("podp1/podtopo-log/cgroup.procs"), "4242");

    assertThatThrownBy(() -> writer.removePod("p1"))
        .isInstanceOf(CpusetWriteException.class)
        .hasMessage("cgroup " + tree.root().resolve("podp1/podtopo-log") + ": cannot remove it: "
            + "Device or resource busy (tried 3 times)");
    assertThat(pauses).containsExactly(Duration.ofMillis(10), Duration.ofMillis(20));
    assertThat(tree.root().resolve("podp1/podtopo-app")).doesNotExist();
    assertThat(tree.root().resolve("podp1/podtopo-log")).isDirectory();

    tree.write(tree.root().resolve("podp1/podtopo-log/cgroup.procs"), "");
    writer.removePod("p1");

    assertThat(tree.root().resolve("podp1")).doesNotExist();
  }

  @Test
  void theRootMustExist() {
    SimulatedCgroupTree tree = tree(CgroupVersion.V1);

    assertThatThrownBy(() -> new CgroupCpusetWriter(CgroupLayout.of(dir.resolve("nowhere"), CgroupDriver.CGROUPFS),
        CgroupVersion.V1, tree, RetryPolicy.defaults()))
        .isInstanceOf(CgroupSetupException.class)
        .hasMessage("the cgroup root " + dir.resolve("nowhere") + " is not a directory; create it first, with "
            + "cpuset.cpus and cpuset.mems set");
  }
}
