package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.grpc.KepNodes;
import io.podtopo.adapters.grpc.PodResourcesServer;
import io.podtopo.adapters.linux.cgroup.CpusetHierarchy;
import io.podtopo.app.Main;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 12, least privilege: {@code podtopo audit} and {@code podtopo inspect} never write. Each
 * runs in a JVM of its own inside a private mount namespace whose whole file system is read-only
 * (as the audit DaemonSet's {@code readOnlyRootFilesystem}), with a small tmpfs as its only writable
 * place (its {@code java.io.tmpdir}, where Netty unpacks its native library), against a real
 * PodResources server on a Unix socket and a cgroup tree, bind-mounted read-only over this machine's
 * cpuset hierarchy so that the audit finds {@code --cgroup-root /kubepods.slice} there as on a node:
 * they must succeed there, and the tree and the socket's folder must be byte for byte and time for
 * time as they were. The sandbox is shown to refuse writes, so a command that wrote would fail.
 */
class ReadOnlyCommandsTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  /**
   * Also issue 24 item 4: {@code --cgroup-root} is a cgroup of the hierarchy that
   * {@code /proc/self/mountinfo} shows, found as the agent finds it.
   */
  @Test
  void auditAndInspectSucceedOnAReadOnlyFileSystemAndChangeNothing() throws Exception {
    Path cgroups = dir.resolve("cgroup");
    KepCgroupTree.write(cgroups);
    Path socket = dir.resolve("kubelet.sock");
    Path scratch = Files.createDirectories(dir.resolve("scratch"));
    try (PodResourcesServer server = PodResourcesServer.builder(KepNodes.podScope(), socket).start()) {
      Map<String, String> before = snapshot(dir);

      Run audit = sandboxed(scratch, cgroups, podtopo(scratch, "audit", "--socket", socket.toString(), "--scope",
          "pod", "--cgroup-root", "/kubepods.slice", "--format", "json"));
      Run inspect = sandboxed(scratch, cgroups, podtopo(scratch, "inspect", "--socket", socket.toString(), "--format",
          "json"));

      assertThat(audit.exitCode()).as(audit.toString()).isZero();
      assertThat(JSON.readTree(audit.out()).get("failed").asInt()).as(audit.out()).isZero();
      assertThat(JSON.readTree(audit.out()).get("cgroups").asInt()).as(audit.out()).isEqualTo(16);
      assertThat(inspect.exitCode()).as(inspect.toString()).isZero();
      assertThat(JSON.readTree(inspect.out()).get("pods").size()).as(inspect.out()).isEqualTo(3);
      assertThat(snapshot(dir)).isEqualTo(before);
    }
  }

  @Test
  void theSandboxRefusesWritesOutsideItsTmpfsSoAWritingCommandWouldFail() throws Exception {
    Path scratch = Files.createDirectories(dir.resolve("scratch"));
    Path cgroups = Files.createDirectories(dir.resolve("cgroup"));
    Path probe = dir.resolve("probe");
    Path hierarchy = CpusetHierarchy.detect(CpusetHierarchy.SELF_MOUNTINFO).mountPoint();

    Run outside = sandboxed(scratch, cgroups, List.of("touch", probe.toString()));
    Run inCgroups = sandboxed(scratch, cgroups, List.of("touch", hierarchy.resolve("probe").toString()));
    Run inside = sandboxed(scratch, cgroups, List.of("touch", scratch.resolve("probe").toString()));

    assertThat(outside.exitCode()).isNotZero();
    assertThat(outside.err()).contains("Read-only file system");
    assertThat(probe).doesNotExist();
    assertThat(inCgroups.exitCode()).isNotZero();
    assertThat(inCgroups.err()).contains("Read-only file system");
    assertThat(cgroups.resolve("probe")).doesNotExist();
    assertThat(inside.exitCode()).as(inside.toString()).isZero();
  }

  private record Run(int exitCode, String out, String err) {}

  private static List<String> podtopo(Path scratch, String... args) {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> command = new ArrayList<>(List.of(java, "-XX:-UsePerfData", "-XX:TieredStopAtLevel=1",
        "-Djava.io.tmpdir=" + scratch, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    command.addAll(List.of(args));
    return command;
  }

  /**
   * Runs {@code command} in a private mount namespace where {@code cgroups} is bind-mounted read-only
   * over this machine's cpuset hierarchy (which {@code /proc/self/mountinfo} still shows there), a
   * fresh tmpfs covers {@code scratch} and {@code /} is remounted read-only.
   */
  private Run sandboxed(Path scratch, Path cgroups, List<String> command) throws IOException, InterruptedException {
    Path hierarchy = CpusetHierarchy.detect(CpusetHierarchy.SELF_MOUNTINFO).mountPoint();
    List<String> wrapped = new ArrayList<>(List.of("unshare", "--mount", "--propagation", "private", "sh", "-c",
        "mount --bind \"$1\" \"$2\" && mount -o remount,bind,ro \"$2\" && mount -t tmpfs -o size=64m tmpfs \"$0\""
            + " && mount -o remount,bind,ro / && shift 2 && exec \"$@\"",
        scratch.toString(), cgroups.toString(), hierarchy.toString()));
    wrapped.addAll(command);
    Path out = Files.createTempFile("sandboxed", ".out");
    Path err = Files.createTempFile("sandboxed", ".err");
    try {
      Process process = new ProcessBuilder(wrapped).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!process.waitFor(120, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("still running after 120 s: " + wrapped);
      }
      return new Run(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.delete(out);
      Files.delete(err);
    }
  }

  /** Every entry under {@code root}: its kind, mode, size, modification time and, for a file, its SHA-256. */
  private static Map<String, String> snapshot(Path root) throws IOException, NoSuchAlgorithmException {
    Map<String, String> entries = new TreeMap<>();
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path path : paths.toList()) {
        PosixFileAttributes attributes = Files.readAttributes(path, PosixFileAttributes.class,
            LinkOption.NOFOLLOW_LINKS);
        String content = attributes.isRegularFile()
            ? HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(path))) : "";
        entries.put(root.relativize(path).toString(), attributes.isDirectory() + " " + attributes.isOther() + " "
            + attributes.permissions() + " " + attributes.size() + " " + attributes.lastModifiedTime() + " " + content);
      }
    }
    return entries;
  }
}
