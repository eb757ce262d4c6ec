package io.podtopo.adapters.linux.cgroup;

import java.nio.file.Path;

/**
 * How cgroups below the root are named, after the kubelet's {@code --cgroup-driver}.
 *
 * <p>Pods are named as the kubelet names them ({@code pkg/kubelet/cm}: {@code GetPodCgroupNameSuffix}
 * and {@code CgroupName.ToSystemd}). Containers are not: the runtime names their cgroups after the
 * container ID ({@code <id>} with cgroupfs, {@code cri-containerd-<id>.scope} or
 * {@code crio-<id>.scope} with systemd), which podtopo does not have. podtopo names them after the
 * container name with a {@code podtopo-} prefix, which also keeps a container called {@code tasks}
 * from colliding with the v1 interface file of that name.
 */
public enum CgroupDriver {

  /** {@code pod<uid>} and {@code podtopo-<container>}, e.g. {@code kubepods/pod1234-ab/podtopo-app}. */
  CGROUPFS {
    @Override
    String podDirectory(Path root, String podUid) {
      return "pod" + podUid;
    }

    @Override
    String containerDirectory(String containerName) {
      return CONTAINER_PREFIX + containerName;
    }
  },

  /**
   * Slices: below {@code kubepods.slice} the pod is {@code kubepods-pod<uid>.slice} with the uid's
   * {@code -} written {@code _} (a {@code -} in a slice name means nesting); the container is
   * {@code podtopo-<container>.scope}. The root must itself be a slice.
   */
  SYSTEMD {
    @Override
    String podDirectory(Path root, String podUid) {
      String rootName = root.getFileName().toString();
      return rootName.substring(0, rootName.length() - SLICE.length()) + "-pod" + podUid.replace('-', '_') + SLICE;
    }

    @Override
    String containerDirectory(String containerName) {
      return CONTAINER_PREFIX + containerName + ".scope";
    }

    @Override
    void checkRoot(Path root) {
      Path name = root.getFileName();
      if (name == null || !name.toString().endsWith(SLICE) || name.toString().length() == SLICE.length()
          || name.toString().startsWith("-")) {
        throw new CgroupSetupException("the systemd cgroup driver needs a slice as its root (e.g. "
            + "/sys/fs/cgroup/kubepods.slice), got " + root);
      }
    }
  };

  private static final String CONTAINER_PREFIX = "podtopo-";
  private static final String SLICE = ".slice";

  /** The name of a pod's cgroup directory below {@code root}; {@code podUid} was checked. */
  abstract String podDirectory(Path root, String podUid);

  /** The name of a container's cgroup directory below its pod's; {@code containerName} was checked. */
  abstract String containerDirectory(String containerName);

  /** @throws CgroupSetupException when {@code root} cannot hold pods under this driver */
  void checkRoot(Path root) {}
}
