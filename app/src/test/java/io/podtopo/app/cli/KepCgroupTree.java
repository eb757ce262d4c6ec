package io.podtopo.app.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The cgroup v2 tree (systemd driver, containerd) of the pod-scope example ({@code KepNodes.podScope()}):
 * a slice per pod with a scope per container on its CPUs and a sandbox scope on its parent's; a
 * best-effort slice.
 */
final class KepCgroupTree {

  private KepCgroupTree() {}

  /** Writes the tree under {@code dir} and returns its root, {@code dir/kubepods.slice}. */
  static Path write(Path dir) throws IOException {
    Path root = dir.resolve("kubepods.slice");
    cgroup(root, "", "0-31");
    pod(root, "shared-only", "web=1-2,17-18", "cache=1-2,17-18");
    pod(root, "mixed", "metrics-sidecar=5", "main-app=3-4,19", "logging-sidecar=20");
    pod(root, "init", "proxy=6", "app=7,23", "log-shipper=22");
    cgroup(root.resolve("kubepods-besteffort.slice"), "", "0-31");
    return root;
  }

  /** A container scope {@code name} under {@code parent} on {@code cpus}. */
  static void scope(Path parent, String name, String cpus) throws IOException {
    cgroup(parent.resolve(name), cpus, cpus);
  }

  private static void pod(Path root, String pod, String... containers) throws IOException {
    Path slice = root.resolve("kubepods-pod" + pod + ".slice");
    cgroup(slice, "", "0-31");
    cgroup(slice.resolve("cri-containerd-sandbox.scope"), "", "0-31");
    for (String container : containers) {
      String[] nameAndCpus = container.split("=");
      scope(slice, "cri-containerd-" + nameAndCpus[0] + ".scope", nameAndCpus[1]);
    }
  }

  private static void cgroup(Path cgroup, String cpus, String effective) throws IOException {
    Files.createDirectories(cgroup);
    Files.writeString(cgroup.resolve("cpuset.cpus"), cpus + "\n");
    Files.writeString(cgroup.resolve("cpuset.cpus.effective"), effective + "\n");
  }
}
