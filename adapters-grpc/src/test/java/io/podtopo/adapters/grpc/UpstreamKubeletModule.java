package io.podtopo.adapters.grpc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Upstream's Go module {@code k8s.io/kubelet} at the release the oracle pins: the version is read
 * from the {@code replace k8s.io/kubelet => k8s.io/kubelet vX} directive of {@code oracle/go.mod}, and
 * the module's directory is the {@code Dir} that {@code go mod download -json} prints, run in the
 * oracle's module (so its {@code go.sum} verifies the download). Go is required: without it every
 * use fails saying what to install.
 */
final class UpstreamKubeletModule {

  static final String MODULE = "k8s.io/kubelet";
  /** Upstream's PodResources v1 API inside the module. */
  static final String API_PROTO = "pkg/apis/podresources/v1/api.proto";
  static final String INSTALL_GO = "install Go (https://go.dev/doc/install; the oracle's go.mod names the "
      + "release, Go 1.26) so that 'go' is on the PATH";

  private static final Pattern REPLACE = Pattern.compile(
      "^\\s*(?:replace\\s+)?k8s\\.io/kubelet(?:\\s+v\\S+)?\\s+=>\\s+k8s\\.io/kubelet\\s+(v\\S+)\\s*(?://.*)?$",
      Pattern.MULTILINE);
  private static final long DOWNLOAD_MINUTES = 10;

  private UpstreamKubeletModule() {}

  /**
   * The version of {@code k8s.io/kubelet} a {@code go.mod}'s replace directive pins.
   *
   * @throws AssertionError unless exactly one such directive is there
   */
  static String pinnedVersion(String goMod) {
    Matcher matcher = REPLACE.matcher(goMod);
    if (!matcher.find()) {
      throw new AssertionError("no 'k8s.io/kubelet => k8s.io/kubelet vX' replace directive in the oracle's go.mod");
    }
    String version = matcher.group(1);
    if (matcher.find()) {
      throw new AssertionError("two 'k8s.io/kubelet => ...' replace directives in the oracle's go.mod: " + version
          + " and " + matcher.group(1));
    }
    return version;
  }

  /**
   * Downloads (or finds in the module cache) {@code k8s.io/kubelet@version} with {@code go mod download
   * -json}, run by {@code go} in {@code oracleDir}, and returns the module's directory.
   *
   * @throws AssertionError when {@code go} cannot be run (saying what to install) or the download fails
   */
  static Path download(Path oracleDir, String version, String go) {
    List<String> command = List.of(go, "mod", "download", "-json", MODULE + "@" + version);
    Path output;
    Path errors;
    try {
      output = Files.createTempFile("podtopo-go-mod-download", ".json");
      errors = Files.createTempFile("podtopo-go-mod-download", ".err");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Process process;
    try {
      process = new ProcessBuilder(command).directory(oracleDir.toFile()).redirectOutput(output.toFile())
          .redirectError(errors.toFile()).start();
    } catch (IOException e) {
      throw new AssertionError("cannot run '" + go + "' (" + e.getMessage() + "): " + INSTALL_GO
          + "; this test finds upstream's " + API_PROTO + " through 'go mod download -json " + MODULE + "@"
          + version + "'", e);
    }
    try {
      if (!process.waitFor(DOWNLOAD_MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new AssertionError(String.join(" ", command) + " did not finish within " + DOWNLOAD_MINUTES + " minutes");
      }
      String stderr = Files.readString(errors, StandardCharsets.UTF_8).strip();
      return directory(Files.readString(output, StandardCharsets.UTF_8), String.join(" ", command) + " (exit "
          + process.exitValue() + (stderr.isEmpty() ? "" : ", standard error: " + stderr) + ")");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted while " + String.join(" ", command) + " ran", e);
    } finally {
      try {
        Files.deleteIfExists(output);
        Files.deleteIfExists(errors);
      } catch (IOException e) {
        // a temporary file left behind
      }
    }
  }

  /** The {@code Dir} of {@code go mod download -json}'s answer, which must name a directory. */
  static Path directory(String json, String command) {
    JsonNode answer;
    try {
      answer = new ObjectMapper().readTree(json);
    } catch (JsonProcessingException e) {
      throw new AssertionError(command + " did not print JSON: " + json.strip(), e);
    }
    if (answer == null || !answer.isObject()) {
      throw new AssertionError(command + " did not print a JSON object: " + json.strip());
    }
    if (answer.hasNonNull("Error")) {
      throw new AssertionError(command + " failed: " + answer.get("Error").asText());
    }
    if (!answer.path("Dir").isTextual() || !Files.isDirectory(Path.of(answer.get("Dir").asText()))) {
      throw new AssertionError(command + " named no module directory: " + json.strip());
    }
    return Path.of(answer.get("Dir").asText());
  }
}
