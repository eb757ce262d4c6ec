package io.podtopo.adapters.linux.cgroup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where {@link CgroupLayout} puts pods and containers: the kubelet's pod names for the cgroupfs and
 * systemd drivers ({@code pkg/kubelet/cm}), podtopo's container names, and the names it refuses.
 */
class CgroupLayoutTest {

  private static final String UID = "1234abcd-56ef-4a0b-9c1d-2e3f4a5b6c7d";

  @Test
  void theCgroupfsDriverNamesAPodPodUidAndItsContainersByName() {
    CgroupLayout layout = CgroupLayout.of(Path.of("/sys/fs/cgroup/cpuset/kubepods"), CgroupDriver.CGROUPFS);

    assertThat(layout.pod(UID)).isEqualTo(Path.of("/sys/fs/cgroup/cpuset/kubepods/pod" + UID));
    assertThat(layout.container(UID, "app"))
        .isEqualTo(Path.of("/sys/fs/cgroup/cpuset/kubepods/pod" + UID + "/podtopo-app"));
  }

  @Test
  void theSystemdDriverNamesAPodSliceAfterItsParentSliceWithTheUidsDashesAsUnderscores() {
    CgroupLayout layout = CgroupLayout.of(Path.of("/sys/fs/cgroup/kubepods.slice"), CgroupDriver.SYSTEMD);
    CgroupLayout burstable = CgroupLayout.of(
        Path.of("/sys/fs/cgroup/kubepods.slice/kubepods-burstable.slice"), CgroupDriver.SYSTEMD);

    assertThat(layout.pod(UID)).isEqualTo(
        Path.of("/sys/fs/cgroup/kubepods.slice/kubepods-pod1234abcd_56ef_4a0b_9c1d_2e3f4a5b6c7d.slice"));
    assertThat(layout.container(UID, "app").getFileName()).isEqualTo(Path.of("podtopo-app.scope"));
    assertThat(burstable.pod("ab-cd").getFileName()).isEqualTo(Path.of("kubepods-burstable-podab_cd.slice"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"/sys/fs/cgroup/kubepods", "/sys/fs/cgroup/.slice", "/sys/fs/cgroup/-.slice", "/"})
  void theSystemdDriverNeedsASliceAsItsRoot(String root) {
    assertThatThrownBy(() -> CgroupLayout.of(Path.of(root), CgroupDriver.SYSTEMD))
        .isInstanceOf(CgroupSetupException.class)
        .hasMessage("the systemd cgroup driver needs a slice as its root (e.g. /sys/fs/cgroup/kubepods.slice), got "
            + root);
  }

  @Test
  void theRootMustBeAbsolute() {
    assertThatThrownBy(() -> CgroupLayout.of(Path.of("kubepods"), CgroupDriver.CGROUPFS))
        .isInstanceOf(CgroupSetupException.class).hasMessage("the cgroup root must be an absolute path, got kubepods");
  }

  @ParameterizedTest
  @ValueSource(strings = {"..", ".", "", "a/b", "../../etc", "a_b", "-a", "tab\tx", "ä"})
  void aNameThatCouldLeaveTheRootOrBlurTheSystemdEscapeIsRefused(String name) {
    CgroupLayout layout = CgroupLayout.of(Path.of("/sys/fs/cgroup/cpuset/kubepods"), CgroupDriver.CGROUPFS);

    assertThatThrownBy(() -> layout.pod(name)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("pod uid \"" + name + "\" cannot name a cgroup");
    assertThatThrownBy(() -> layout.container("p1", name)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("container name \"" + name + "\" cannot name a cgroup");
  }

  @Test
  void aNameMayHave128CharactersButNotMore() {
    CgroupLayout layout = CgroupLayout.of(Path.of("/kubepods"), CgroupDriver.CGROUPFS);

    assertThat(layout.container("p", "a".repeat(128)).getFileName()).isEqualTo(Path.of("podtopo-" + "a".repeat(128)));
    assertThatThrownBy(() -> layout.container("p", "a".repeat(129))).isInstanceOf(IllegalArgumentException.class);
  }
}
