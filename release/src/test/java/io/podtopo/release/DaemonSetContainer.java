package io.podtopo.release;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The container of a DaemonSet manifest ({@code docs/deploy/audit-daemonset.yaml}) as {@code docker run}
 * options: the user of the pod's {@code securityContext}, the container's (read-only root file system,
 * capabilities, no privilege escalation, the runtime's seccomp profile), its environment, its limits,
 * and its volume mounts, {@code hostPath} volumes bound from the folders a test names, {@code emptyDir}
 * ones in memory as a tmpfs that, as the kubelet mounts it, allows executing (Docker's tmpfs would not:
 * Netty loads its native library from {@code /tmp}). A setting it cannot reproduce with Docker fails, so that the manifest never says more
 * than what a container run with these options was checked with.
 */
final class DaemonSetContainer {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private final JsonNode pod;
  private final JsonNode container;

  private DaemonSetContainer(JsonNode pod, JsonNode container) {
    this.pod = pod;
    this.container = container;
  }

  /** The only container of the DaemonSet in {@code manifest}. */
  static DaemonSetContainer read(Path manifest) throws IOException {
    JsonNode daemonSet = YAML.readTree(manifest.toFile());
    require(daemonSet.path("kind").asText().equals("DaemonSet"), "a DaemonSet");
    JsonNode pod = daemonSet.path("spec").path("template").path("spec");
    require(pod.path("containers").size() == 1 && pod.path("initContainers").isMissingNode(), "exactly one container");
    for (String hostNamespace : List.of("hostNetwork", "hostPID", "hostIPC")) {
      require(!pod.path(hostNamespace).asBoolean(false), hostNamespace + " false (the test runs --network none)");
    }
    return new DaemonSetContainer(pod, pod.path("containers").get(0));
  }

  /** The container's {@code image}. */
  String image() {
    return container.path("image").asText();
  }

  /** The container's {@code args}, given to the image's entry point. */
  List<String> args() {
    require(container.path("command").isMissingNode(), "no command: the image's entry point runs the args");
    List<String> args = new ArrayList<>();
    container.path("args").forEach(arg -> args.add(arg.asText()));
    return args;
  }

  /**
   * The {@code docker run} options of the pod's and the container's settings, each {@code hostPath}
   * volume bound from {@code hostPaths.get(its path)}.
   */
  List<String> dockerRunOptions(Map<String, Path> hostPaths) {
    List<String> options = new ArrayList<>(List.of("--network", "none"));
    options.addAll(user());
    options.addAll(securityContext());
    container.path("env").forEach(env -> options.addAll(List.of("--env", env.path("name").asText() + "="
        + require(env.path("value"), "env " + env.path("name").asText() + " with a value").asText())));
    options.addAll(limits());
    container.path("volumeMounts").forEach(mount -> options.addAll(mount(mount, hostPaths)));
    return options;
  }

  private List<String> user() {
    JsonNode context = pod.path("securityContext");
    require(context.has("runAsUser"), "a runAsUser in the pod's securityContext");
    String user = context.path("runAsUser").asText();
    require(!(context.path("runAsNonRoot").asBoolean(false) && user.equals("0")), "runAsNonRoot with a user other than 0");
    return List.of("--user", user + (context.has("runAsGroup") ? ":" + context.path("runAsGroup").asText() : ""));
  }

  private List<String> securityContext() {
    JsonNode context = container.path("securityContext");
    require(context.has("privileged") && !context.path("privileged").asBoolean(), "privileged: false");
    List<String> options = new ArrayList<>();
    if (!context.path("allowPrivilegeEscalation").asBoolean(true)) {
      options.addAll(List.of("--security-opt", "no-new-privileges"));
    }
    if (context.path("readOnlyRootFilesystem").asBoolean(false)) {
      options.add("--read-only");
    }
    context.path("capabilities").path("drop").forEach(capability -> options.addAll(List.of("--cap-drop", capability.asText())));
    context.path("capabilities").path("add").forEach(capability -> options.addAll(List.of("--cap-add", capability.asText())));
    // Docker applies its default seccomp profile, which is what RuntimeDefault asks of a Docker runtime.
    for (JsonNode seccomp : List.of(pod.path("securityContext").path("seccompProfile"), context.path("seccompProfile"))) {
      require(seccomp.isMissingNode() || seccomp.path("type").asText().equals("RuntimeDefault"), "seccompProfile RuntimeDefault");
    }
    return options;
  }

  private List<String> limits() {
    JsonNode limits = container.path("resources").path("limits");
    List<String> options = new ArrayList<>();
    if (limits.has("cpu")) {
      String cpu = limits.path("cpu").asText();
      BigDecimal cpus = cpu.endsWith("m") ? new BigDecimal(cpu.substring(0, cpu.length() - 1)).movePointLeft(3) : new BigDecimal(cpu);
      options.addAll(List.of("--cpus", cpus.toPlainString()));
    }
    if (limits.has("memory")) {
      options.addAll(List.of("--memory", Long.toString(bytes(limits.path("memory").asText()))));
    }
    return options;
  }

  private List<String> mount(JsonNode mount, Map<String, Path> hostPaths) {
    String name = mount.path("name").asText();
    JsonNode volume = null;
    for (JsonNode candidate : pod.path("volumes")) {
      if (candidate.path("name").asText().equals(name)) {
        volume = candidate;
      }
    }
    require(volume != null, "a volume " + name);
    String target = mount.path("mountPath").asText();
    if (volume.has("hostPath")) {
      String hostPath = volume.path("hostPath").path("path").asText();
      require(hostPaths.containsKey(hostPath), "a folder of the test for hostPath " + hostPath);
      return List.of("--mount", "type=bind,source=" + hostPaths.get(hostPath) + ",target=" + target
          + (mount.path("readOnly").asBoolean(false) ? ",readonly" : ""));
    }
    JsonNode emptyDir = require(volume.path("emptyDir"), "volume " + name + " a hostPath or an emptyDir");
    require(emptyDir.path("medium").asText().equals("Memory") && emptyDir.has("sizeLimit"),
        "emptyDir " + name + " in memory with a sizeLimit (a tmpfs)");
    return List.of("--tmpfs", target + ":exec,size=" + bytes(emptyDir.path("sizeLimit").asText()));
  }

  /** Bytes of a Kubernetes quantity in {@code Ki}, {@code Mi} or {@code Gi}. */
  private static long bytes(String quantity) {
    for (Map.Entry<String, Long> unit : Map.of("Ki", 1L << 10, "Mi", 1L << 20, "Gi", 1L << 30).entrySet()) {
      if (quantity.endsWith(unit.getKey())) {
        return Long.parseLong(quantity.substring(0, quantity.length() - 2)) * unit.getValue();
      }
    }
    throw new AssertionError("a quantity in Ki, Mi or Gi, not " + quantity);
  }

  private static void require(boolean holds, String what) {
    if (!holds) {
      throw new AssertionError("the DaemonSet must have " + what + " to run as the container test ran it");
    }
  }

  private static JsonNode require(JsonNode node, String what) {
    require(!node.isMissingNode(), what);
    return node;
  }
}
