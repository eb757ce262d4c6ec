package io.podtopo.adapters.linux.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.podtopo.conformance.audit.Audit;
import io.podtopo.conformance.audit.AuditInput;
import io.podtopo.conformance.audit.RuleResult;
import io.podtopo.conformance.audit.RuleStatus;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.AppliedCpuset;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link CgroupCpusetReader} on this machine's real cgroup v1 cpuset hierarchy, and the audit's
 * cgroup rules on what it reads: a pod cgroup with a container pinned to CPU 1 and a sandbox left on
 * its parent's CPUs. The test's cgroups live below their own {@code podtopo-audit-test-<run>} cgroup,
 * removed whatever happens. Needs root and the hierarchy; fails, never skips, without them
 * ({@link RealCpusetKernel}).
 */
class CgroupCpusetReaderKernelTest {

  private RealCpusetKernel kernel;
  private Path root;

  @BeforeEach
  void createTree() throws IOException {
    kernel = RealCpusetKernel.require(CpusetHierarchy.SELF_MOUNTINFO, Path.of("/proc/self/status"));
    root = kernel.createRoot("podtopo-audit-test-" + UUID.randomUUID().toString().substring(0, 8));
    Path pod = cgroup(root.resolve("pod1"), "0-1");
    cgroup(pod.resolve("container"), "1");
    cgroup(pod.resolve("sandbox"), "0-1");
  }

  private Path cgroup(Path cgroup, String cpus) throws IOException {
    Files.createDirectory(cgroup);
    kernel.write(cgroup.resolve("cpuset.cpus"), cpus);
    kernel.write(cgroup.resolve("cpuset.mems"), "0");
    return cgroup;
  }

  @AfterEach
  void removeTree() throws Exception {
    if (kernel != null) {
      kernel.cleanUp(root);
      assertThat(root).doesNotExist();
    }
  }

  @Test
  void theKernelsCpusetsAreReadAsWrittenWithTheSandboxKeepingItsParents_au12() {
    assertThat(new CgroupCpusetReader().read(root)).containsExactly(
        AppliedCpuset.of("", CpuSet.of(0, 1), false, false),
        AppliedCpuset.of("pod1", CpuSet.of(0, 1), false, true),
        AppliedCpuset.of("pod1/container", CpuSet.of(1), true, false),
        AppliedCpuset.of("pod1/sandbox", CpuSet.of(0, 1), true, true));
  }

  @Test
  void theCgroupRulesPassWhenTheReportedSliceIsAppliedAndFailWhenItIsNot_au9_au11() {
    List<AppliedCpuset> tree = new CgroupCpusetReader().read(root);

    assertThat(cgroupResults(tree, "1")).extracting(RuleResult::status).containsOnly(RuleStatus.PASS);
    assertThat(cgroupResults(tree, "0")).extracting(RuleResult::rule, RuleResult::status).containsExactly(
        tuple("cgroup-exclusive-cpus-applied", RuleStatus.FAIL),
        tuple("cgroup-pod-shared-pool-applied", RuleStatus.PASS),
        tuple("cgroup-no-cpu-leak", RuleStatus.PASS));
    assertThat(cgroupResults(tree, "0-1").get(2).violations()).containsExactly("cgroup pod1/container has cpuset 1, "
        + "which overlaps CPUs 0-1 of pod default/p container c without being them");
  }

  /** The cgroup rules' results for a pod whose one container reports {@code cpus}. */
  private static List<RuleResult> cgroupResults(List<AppliedCpuset> tree, String cpus) {
    PodResourcesView view = new PodResourcesView.Builder().addPod(new PodResources.Builder().name("p").namespace("default")
        .cpuIds(CpuSet.empty())
        .addContainer(new ContainerResources.Builder().name("c").cpuIds(CpuSet.parse(cpus)).build())
        .build()).build();
    AllocatableResources allocatable = new AllocatableResources.Builder().cpuIds(CpuSet.of(0, 1)).build();
    return Audit.run(AuditInput.of(view, allocatable).withCgroups(tree)).results().stream()
        .filter(result -> result.rule().startsWith("cgroup-")).toList();
  }
}
