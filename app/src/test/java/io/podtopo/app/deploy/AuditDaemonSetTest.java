package io.podtopo.app.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.Capabilities;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.SecurityContext;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.DaemonSet;
import io.podtopo.app.Main;
import io.podtopo.app.PodtopoComponent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code docs/deploy/audit-daemonset.yaml}, read with the fabric8 Kubernetes model: the audit runs
 * everywhere with read-only host mounts, no privilege, no host namespace, and arguments that point at
 * what it mounts (see {@code docs/deploy/README.md}).
 */
class AuditDaemonSetTest {

  private static final Path MANIFEST = Path.of("../docs/deploy/audit-daemonset.yaml");
  private static final String SOCKET_FOLDER = "/var/lib/kubelet/pod-resources";
  /** An argument of the manifest's args, commented out: {@code #   - --cgroup-root}. */
  private static final Pattern COMMENTED_ARGUMENT = Pattern.compile("\\s*#\\s+- (\\S+)");

  private final DaemonSet daemonSet = read();
  private final PodSpec pod = daemonSet.getSpec().getTemplate().getSpec();
  private final Container audit = pod.getContainers().get(0);

  private static DaemonSet read() {
    try {
      return new YAMLMapper().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .readValue(MANIFEST.toFile(), DaemonSet.class);
    } catch (IOException e) {
      throw new AssertionError(MANIFEST + " is not a DaemonSet: " + e.getMessage(), e);
    }
  }

  private Optional<String> argument(String option) {
    int index = audit.getArgs().indexOf(option);
    return index < 0 ? Optional.empty() : Optional.of(audit.getArgs().get(index + 1));
  }

  private Map<String, Volume> volumes() {
    return pod.getVolumes().stream().collect(Collectors.toMap(Volume::getName, Function.identity()));
  }

  /** The mount holding {@code path}. */
  private Optional<VolumeMount> mountOf(String path) {
    return audit.getVolumeMounts().stream().filter(mount -> Path.of(path).startsWith(mount.getMountPath())).findFirst();
  }

  @Test
  void itIsOneAuditContainerOnEveryNode() {
    assertThat(daemonSet.getApiVersion()).isEqualTo("apps/v1");
    assertThat(daemonSet.getKind()).isEqualTo("DaemonSet");
    assertThat(pod.getContainers()).hasSize(1);
    assertThat(pod.getInitContainers()).isEmpty();
    assertThat(audit.getArgs().get(0)).isEqualTo("audit");
    assertThat(pod.getTolerations()).anySatisfy(toleration -> {
      assertThat(toleration.getOperator()).isEqualTo("Exists");
      assertThat(toleration.getKey()).isNull();
      assertThat(toleration.getEffect()).isNull();
    });
  }

  @Test
  void everyHostFolderIsMountedReadOnlyAndTheSocketIsTheKubeletsUnderItsMount() {
    Map<String, Volume> volumes = volumes();
    List<VolumeMount> hostMounts = audit.getVolumeMounts().stream()
        .filter(mount -> volumes.get(mount.getName()).getHostPath() != null).toList();
    String socket = argument("--socket").orElseThrow();
    VolumeMount socketMount = mountOf(socket).orElseThrow();

    assertThat(hostMounts).isNotEmpty().allSatisfy(mount -> assertThat(mount.getReadOnly()).as(mount.getName()).isTrue());
    assertThat(socket).isEqualTo(SOCKET_FOLDER + "/kubelet.sock");
    assertThat(socketMount.getMountPath()).isEqualTo(SOCKET_FOLDER);
    assertThat(volumes.get(socketMount.getName()).getHostPath().getPath()).isEqualTo(SOCKET_FOLDER);
    argument("--cgroup-fs").ifPresent(hierarchy -> assertThat(mountOf(hierarchy)).hasValueSatisfying(mount ->
        assertThat(mount.getReadOnly()).isTrue()));
    assertThat(volumes.values()).allSatisfy(volume -> assertThat(volume.getHostPath() != null
        || volume.getEmptyDir() != null).as(volume.getName() + " is a host folder or scratch space").isTrue());
  }

  @Test
  void theContainerHasNoPrivilegeNoCapabilityAndAReadOnlyRootFileSystem() {
    SecurityContext security = audit.getSecurityContext();
    Capabilities capabilities = security.getCapabilities();
    PodSecurityContext podSecurity = pod.getSecurityContext();

    assertThat(security.getPrivileged()).isNotEqualTo(Boolean.TRUE);
    assertThat(security.getAllowPrivilegeEscalation()).isFalse();
    assertThat(security.getReadOnlyRootFilesystem()).isTrue();
    assertThat(capabilities.getDrop()).containsExactly("ALL");
    assertThat(capabilities.getAdd()).isEmpty();
    assertThat(security.getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    assertThat(podSecurity.getSeccompProfile().getType()).isEqualTo("RuntimeDefault");
    assertThat(podSecurity.getRunAsUser()).as("uid 0 is needed for the root-owned socket (README)").isZero();
    assertThat(podSecurity.getRunAsNonRoot()).isFalse();
    assertThat(security.getRunAsUser()).as("no container override of the pod's user").isNull();
  }

  @Test
  void thePodSharesNoHostNamespaceAndHoldsNoApiToken() {
    assertThat(pod.getHostNetwork()).isNotEqualTo(Boolean.TRUE);
    assertThat(pod.getHostPID()).isNotEqualTo(Boolean.TRUE);
    assertThat(pod.getHostIPC()).isNotEqualTo(Boolean.TRUE);
    assertThat(pod.getAutomountServiceAccountToken()).isFalse();
  }

  @Test
  void itRunsEveryMinuteInJsonWithTheMetricsPortItNamesAndBoundedResources() {
    String metrics = argument("--metrics-address").orElseThrow();

    assertThat(argument("--every")).hasValue("60s");
    assertThat(argument("--format")).hasValue("json");
    assertThat(audit.getPorts()).anySatisfy(port -> {
      assertThat(port.getName()).isEqualTo("metrics");
      assertThat(metrics).endsWith(":" + port.getContainerPort());
    });
    for (String resource : List.of("cpu", "memory")) {
      assertThat(audit.getResources().getRequests()).containsKey(resource);
      assertThat(audit.getResources().getLimits()).containsKey(resource);
    }
  }

  /**
   * Issue 24 item 4: the cgroup arguments the manifest shows, commented out, are accepted with the
   * others: {@code --cgroup-root} a cgroup name as the kubelet's, {@code --cgroup-fs} the node's
   * hierarchy under its read-only mount of the node's {@code /sys/fs/cgroup}.
   */
  @Test
  void issue24_item4_theCommentedOutCgroupArgumentsAreAcceptedAndReadThroughTheReadOnlyMount() throws IOException {
    List<String> commented = Files.readAllLines(MANIFEST).stream().map(COMMENTED_ARGUMENT::matcher)
        .filter(Matcher::matches).map(argument -> argument.group(1)).toList();
    List<String> args = new ArrayList<>(audit.getArgs());
    args.addAll(commented);

    CommandLine.ParseResult parsed = Main.commandLine(PodtopoComponent.reference()).parseArgs(args.toArray(String[]::new));

    assertThat(commented).containsExactly("--cgroup-fs", "/host/sys/fs/cgroup", "--cgroup-root", "/kubepods.slice");
    assertThat(parsed.subcommand().unmatched()).isEmpty();
    assertThat(mountOf("/host/sys/fs/cgroup")).hasValueSatisfying(mount -> {
      assertThat(mount.getReadOnly()).isTrue();
      assertThat(volumes().get(mount.getName()).getHostPath().getPath()).isEqualTo("/sys/fs/cgroup");
    });
  }

  @Test
  void theArgumentsArePodtopoAuditsOwnMetricsAddressIncluded() {
    CommandLine.ParseResult parsed = Main.commandLine(PodtopoComponent.reference())
        .parseArgs(audit.getArgs().toArray(String[]::new));

    assertThat(parsed.subcommand().commandSpec().name()).isEqualTo("audit");
    assertThat(parsed.subcommand().unmatched()).isEmpty();
    assertThat(parsed.subcommand().matchedOptionValue("--metrics-address", "")).isEqualTo("0.0.0.0:9464");
  }
}
