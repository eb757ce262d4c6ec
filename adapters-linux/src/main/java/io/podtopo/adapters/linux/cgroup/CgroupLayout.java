package io.podtopo.adapters.linux.cgroup;

import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * Where a pod's and a container's cgroups are: one directory per pod right below the root (the
 * kubelet's {@code kubepods} cgroup, or a test directory), one per container below its pod's, named by
 * the {@link CgroupDriver}. The kubelet puts Burstable and BestEffort pods one level deeper
 * ({@code kubepods/burstable}); a {@code CpusetWrite} has no QoS class, so here every pod sits right
 * below the root.
 *
 * <p>Pod uids and container names must be 1 to 128 letters, digits and {@code -}, starting with a
 * letter or digit (a Kubernetes uid and container name always are), so no name can climb out of the
 * root ({@code ..}, {@code /}) or make the systemd {@code -}/{@code _} escape ambiguous.
 */
public final class CgroupLayout {

  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9-]{0,127}");

  private final Path root;
  private final CgroupDriver driver;

  private CgroupLayout(Path root, CgroupDriver driver) {
    this.root = root;
    this.driver = driver;
  }

  /**
   * Pods right below {@code root}, named by {@code driver}.
   *
   * @throws CgroupSetupException when {@code root} is not absolute, or not a slice for the systemd
   *     driver
   */
  public static CgroupLayout of(Path root, CgroupDriver driver) {
    if (!root.isAbsolute()) {
      throw new CgroupSetupException("the cgroup root must be an absolute path, got " + root);
    }
    driver.checkRoot(root);
    return new CgroupLayout(root.normalize(), driver);
  }

  public Path root() {
    return root;
  }

  /**
   * The pod's cgroup directory.
   *
   * @throws IllegalArgumentException when {@code podUid} cannot name a cgroup
   */
  public Path pod(String podUid) {
    return root.resolve(driver.podDirectory(root, checked("pod uid", podUid)));
  }

  /**
   * The container's cgroup directory, below its pod's.
   *
   * @throws IllegalArgumentException when {@code podUid} or {@code containerName} cannot name a cgroup
   */
  public Path container(String podUid, String containerName) {
    return pod(podUid).resolve(driver.containerDirectory(checked("container name", containerName)));
  }

  private static String checked(String what, String name) {
    if (!NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(what + " \"" + name + "\" cannot name a cgroup: it must be 1 to 128 "
          + "letters, digits and '-', starting with a letter or digit");
    }
    return name;
  }
}
