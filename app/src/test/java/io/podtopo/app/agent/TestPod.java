package io.podtopo.app.agent;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * A pod manifest the agent's process tests write into a pods folder: one pod per file, with an
 * explicit {@code metadata.uid}, so the uid does not depend on the folder (a reference run over
 * another folder gives the same pods).
 *
 * @param file the file name (the agent admits in file name order)
 * @param name the pod's name, in namespace {@code default}
 * @param kind what the pod asks for
 */
record TestPod(String file, String name, Kind kind) {

  /** What a pod asks for. */
  enum Kind {
    /** Guaranteed, one container of 1 CPU and 256Mi: exclusive CPUs, no pod-level resources. */
    GUARANTEED_1("g1"),
    /** Guaranteed, one container of 2 CPUs and 512Mi. */
    GUARANTEED_2("g2"),
    /**
     * Pod-level resources of 3 CPUs and 1Gi: an exclusive 1-CPU app and, on the pod shared pool, a
     * sidecar (restartable init container) and a log container that declare nothing.
     */
    POD_LEVEL_3("plr"),
    /**
     * Pod-level resources of 2 CPUs and 1Gi taken whole by an exclusive container, with a container
     * left for the empty shared pool: rejected whatever the node holds (TopologyAffinityError
     * under restricted, as {@code examples/pods/pod-scope/03-empty-shared-pool.yaml}).
     */
    EMPTY_SHARED_POOL("x"),
    /** Pod-level resources of 2 CPUs and 2Gi: an exclusive 1-CPU app, a shared sidecar and log container. */
    POD_LEVEL_2("plr2"),
    /** BestEffort: two containers that ask for nothing. */
    BEST_EFFORT("be");

    final String tag;

    Kind(String tag) {
      this.tag = tag;
    }
  }

  /** Pod {@code number} of {@code kind}: file {@code NNN-tag.yaml}, pod {@code prefix-NNN}. */
  static TestPod numbered(String prefix, int number, Kind kind) {
    String digits = String.format(Locale.ROOT, "%03d", number);
    return new TestPod(prefix + "-" + digits + "-" + kind.tag + ".yaml", prefix + "-" + digits, kind);
  }

  /** The pod's uid: derived from its name alone. */
  String uid() {
    return UUID.nameUUIDFromBytes(("podtopo-test/" + name).getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** The containers PodResources lists for the pod once admitted: sidecars, then app containers. */
  List<String> reportedContainers() {
    return switch (kind) {
      case GUARANTEED_1, GUARANTEED_2 -> List.of("app");
      case POD_LEVEL_3, POD_LEVEL_2 -> List.of("proxy", "app", "logs");
      case EMPTY_SHARED_POOL -> List.of("worker", "helper");
      case BEST_EFFORT -> List.of("main", "sidecar");
    };
  }

  /** The manifest's YAML. */
  String yaml() {
    String head = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name + "\n  namespace: default\n  uid: " + uid()
        + "\nspec:\n";
    return head + switch (kind) {
      case GUARANTEED_1 -> "  containers:\n" + container("app", "1", "256Mi");
      case GUARANTEED_2 -> "  containers:\n" + container("app", "2", "512Mi");
      case POD_LEVEL_3 -> budget("3", "1Gi") + sharedSidecar() + "  containers:\n" + container("app", "1", "512Mi")
          + container("logs", null, null);
      case POD_LEVEL_2 -> budget("2", "2Gi") + sharedSidecar() + "  containers:\n" + container("app", "1", "1Gi")
          + container("logs", null, null);
      case EMPTY_SHARED_POOL -> budget("2", "1Gi") + "  containers:\n" + container("worker", "2", "1Gi")
          + container("helper", null, null);
      case BEST_EFFORT -> "  containers:\n" + container("main", null, null) + container("sidecar", null, null);
    };
  }

  private static String budget(String cpu, String memory) {
    return "  resources:\n" + requestsAndLimits("    ", cpu, memory);
  }

  private static String sharedSidecar() {
    return "  initContainers:\n    - name: proxy\n      image: registry.k8s.io/pause:3.10\n"
        + "      restartPolicy: Always\n";
  }

  private static String container(String name, String cpu, String memory) {
    String text = "    - name: " + name + "\n      image: registry.k8s.io/pause:3.10\n";
    return cpu == null ? text : text + "      resources:\n" + requestsAndLimits("        ", cpu, memory);
  }

  private static String requestsAndLimits(String indent, String cpu, String memory) {
    String values = indent + "  cpu: \"" + cpu + "\"\n" + indent + "  memory: " + memory + "\n";
    return indent + "requests:\n" + values + indent + "limits:\n" + values;
  }
}
