package io.podtopo.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.grpc.FakeKubelet;
import io.podtopo.adapters.grpc.MisreportedViews;
import io.podtopo.adapters.grpc.PodResourcesClient;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResourcesView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 27: the image built for real and run as the DaemonSet runs it. A Docker engine from Debian's
 * packages ({@link DockerEngine}) loads {@code podtopo:VERSION} as {@code release/image/build} makes it
 * from the release archive (its base from Debian's packages, cached); the image runs as a non-root
 * user by default and prints the version; {@code podtopo audit} runs in a container with the
 * DaemonSet's security settings, mounts, environment, limits and arguments ({@link DaemonSetContainer})
 * against a PodResources socket bind-mounted from the host, where podtopo's agent (the release's
 * launcher) serves it: the audit passes; where a kubelet-like endpoint serves the agent's answer
 * tampered, it fails. Run by the profile {@code container} ({@code .ci/run}), which needs root, the
 * Debian packages {@code docker.io} and {@code debootstrap}, and the Debian archive the first time.
 */
@Tag("container")
class ContainerIT {

  private static final String VERSION = System.getProperty("podtopo.version");
  private static final Path ROOT = Path.of(System.getProperty("podtopo.reactorRoot")).toAbsolutePath().normalize();
  private static final Path ARCHIVE = Path.of(System.getProperty("podtopo.release.archive"));
  private static final Path MANIFEST = ROOT.resolve("docs/deploy/audit-daemonset.yaml");
  private static final String KUBELET_SOCKET_FOLDER = "/var/lib/kubelet/pod-resources";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  static Path work;

  private static DockerEngine engine;
  private static String image;
  private static Path release;

  @BeforeAll
  static void buildTheImage() throws Exception {
    Command.run(work, Map.of(), "tar", "-xzf", ARCHIVE.toString()).assertExit(0);
    release = work.resolve("podtopo-" + VERSION);
    engine = DockerEngine.start();
    Command build = Command.run(ROOT, engine.environment(), ROOT.resolve("release/image/build").toString(),
        ARCHIVE.toString()).assertExit(0);
    image = build.out().strip();
  }

  @AfterAll
  static void stopTheEngine() throws Exception {
    if (engine != null) {
      engine.close();
    }
  }

  @Test
  void theImageIsTheVersionBuiltAndTheDaemonSetNamesIt() throws Exception {
    assertThat(image).isEqualTo("podtopo:" + VERSION);
    assertThat(DaemonSetContainer.read(MANIFEST).image()).isEqualTo(image);
    assertThat(engine.docker("image", "inspect", "--format", "{{.Config.Labels}}", image).assertExit(0).out())
        .contains("org.opencontainers.image.licenses:Apache-2.0", "org.opencontainers.image.version:" + VERSION);
  }

  @Test
  void theImageRunsAsANonRootUserByDefault() throws Exception {
    Command id = engine.docker("run", "--rm", "--network", "none", "--entrypoint", "id", image);

    assertThat(engine.docker("image", "inspect", "--format", "{{.Config.User}}", image).assertExit(0).out())
        .isEqualTo("65532:65532\n");
    assertThat(id.assertExit(0).out()).isEqualTo("uid=65532(podtopo) gid=65532(podtopo) groups=65532(podtopo)\n");
  }

  @Test
  void podtopoVersionRunsInTheContainer() throws Exception {
    Matcher pinned = Pattern.compile("(?m)^replace k8s\\.io/kubernetes => \\./\\.build/src/kubernetes@(v[0-9.]+)$")
        .matcher(Files.readString(ROOT.resolve("oracle/go.mod")));
    assertThat(pinned.find()).isTrue();

    Command version = engine.docker("run", "--rm", "--network", "none", "--read-only", "--cap-drop", "ALL", image,
        "--version");

    assertThat(version.assertExit(0).out().lines()).containsExactly("podtopo " + VERSION,
        "reproduces kubelet " + pinned.group(1) + " (v1.37.0 to " + pinned.group(1) + " decide alike)");
  }

  @Test
  void theAuditInTheDaemonSetsContainerPassesOnTheAgentsAnswersAndFailsOnTamperedOnes(@TempDir Path node)
      throws Exception {
    Path honest = Files.createDirectories(node.resolve("honest/pod-resources"));
    Path tampered = Files.createDirectories(node.resolve("tampered/pod-resources"));
    try (HostAgent agent = HostAgent.start(release, ROOT, node.resolve("agent"), honest.resolve("kubelet.sock"))) {
      PodResourcesView pods;
      AllocatableResources allocatable;
      try (PodResourcesClient client = PodResourcesClient.connect(agent.socket())) {
        pods = client.list();
        allocatable = client.allocatable();
      }
      try (FakeKubelet lying = FakeKubelet.answering(tampered.resolve("kubelet.sock"), MisreportedViews.sharedPoolAtContainerLevel(pods),
          allocatable)) {
        Audit clean = Audit.run(honest);
        Audit failed = Audit.run(tampered);

        assertThat(clean.once().exit()).as(clean.once().out() + clean.once().err()).isZero();
        assertThat(clean.once().out()).contains("endpoint: " + KUBELET_SOCKET_FOLDER + "/kubelet.sock (3 pods)",
            "container-cpus-disjoint             pass         0").containsPattern("12 rules: \\d+ passed, 0 failed");
        assertThat(clean.firstLine().path("failed").asInt(-1)).as(clean.firstLine().toString()).isZero();
        assertThat(clean.firstLine().path("pods").asInt()).isEqualTo(3);

        assertThat(failed.once().exit()).as(failed.once().out() + failed.once().err()).isEqualTo(1);
        assertThat(failed.once().out()).contains("container-cpus-disjoint             fail");
        assertThat(failed.firstLine().path("failed").asInt()).as(failed.firstLine().toString()).isPositive();
        assertThat(failed.firstLine().path("rules")).anySatisfy(rule -> {
          assertThat(rule.path("id").asText()).isEqualTo("container-cpus-disjoint");
          assertThat(rule.path("result").asText()).isEqualTo("fail");
        });
      }
    }
  }

  /**
   * The audit of the endpoint whose socket is in {@code socketFolder}, in containers run with the
   * DaemonSet's options, {@code socketFolder} bound where the DaemonSet mounts the kubelet's: once
   * with the DaemonSet's arguments but {@code --every} and {@code --format} (one run, its table and
   * exit status), and once with the DaemonSet's arguments as they are (detached, the first JSON line of
   * its log, then removed).
   */
  private record Audit(Command once, JsonNode firstLine) {

    static Audit run(Path socketFolder) throws Exception {
      DaemonSetContainer container = DaemonSetContainer.read(MANIFEST);
      List<String> options = container.dockerRunOptions(Map.of(KUBELET_SOCKET_FOLDER, socketFolder,
          "/sys/fs/cgroup", Path.of("/sys/fs/cgroup")));
      List<String> args = container.args();
      assertThat(args).containsSequence("--socket", KUBELET_SOCKET_FOLDER + "/kubelet.sock")
          .containsSequence("--format", "json").contains("--every");

      List<String> once = new ArrayList<>(List.of("run", "--rm"));
      once.addAll(options);
      once.add(container.image());
      once.addAll(withoutOption(withoutOption(args, "--every"), "--format"));
      Command oneRun = engine.docker(once.toArray(String[]::new));

      List<String> detached = new ArrayList<>(List.of("run", "--detach"));
      detached.addAll(options);
      detached.add(container.image());
      detached.addAll(args);
      String id = engine.docker(detached.toArray(String[]::new)).assertExit(0).out().strip();
      try {
        return new Audit(oneRun, JSON.readTree(firstLogLine(id)));
      } finally {
        engine.docker("rm", "--force", id).assertExit(0);
      }
    }

    private static String firstLogLine(String container) throws Exception {
      Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
      while (Instant.now().isBefore(deadline)) {
        Command logs = engine.docker("logs", container);
        if (logs.out().contains("\n")) {
          return logs.out().substring(0, logs.out().indexOf('\n'));
        }
        assertThat(engine.docker("inspect", "--format", "{{.State.Running}}", container).out())
            .as("the audit still runs; its log: %s%s", logs.out(), logs.err()).isEqualTo("true\n");
        Thread.sleep(1000);
      }
      throw new AssertionError("the audit wrote no line within 3 minutes");
    }

    private static List<String> withoutOption(List<String> args, String option) {
      List<String> kept = new ArrayList<>(args);
      int at = kept.indexOf(option);
      kept.subList(at, at + 2).clear();
      return kept;
    }
  }
}
