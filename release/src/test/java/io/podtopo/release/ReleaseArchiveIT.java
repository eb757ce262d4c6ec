package io.podtopo.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The release archive {@code podtopo-VERSION.tar.gz} that {@code package} builds, unpacked with tar as a
 * user would: exactly the launcher, the CLI jar and its SBOM, the completion script and the licence
 * files; the launcher runs the jar without Maven from anywhere (through a symbolic link too) and prints
 * the version and the kubelet release the oracle pins; the completion script registers podtopo's in
 * bash; the CHANGELOG's first entry is this version's.
 */
class ReleaseArchiveIT {

  private static final String VERSION = System.getProperty("podtopo.version");
  private static final Path ROOT = Path.of(System.getProperty("podtopo.reactorRoot")).toAbsolutePath().normalize();

  @TempDir
  static Path unpacked;

  private static Path home;

  @BeforeAll
  static void unpack() throws Exception {
    Path archive = Path.of(System.getProperty("podtopo.release.archive"));
    assertThat(archive.getFileName()).hasToString("podtopo-" + VERSION + ".tar.gz");
    Command.run(unpacked, Map.of(), "tar", "-xzf", archive.toString()).assertExit(0);
    home = unpacked.resolve("podtopo-" + VERSION);
  }

  @Test
  void theArchiveHoldsTheLauncherTheJarItsSbomTheCompletionScriptAndTheLicenceFiles() throws IOException {
    try (Stream<Path> files = Files.walk(unpacked)) {
      assertThat(files.filter(Files::isRegularFile).map(file -> unpacked.relativize(file).toString()))
          .containsExactlyInAnyOrder(Stream.of("bin/podtopo", "lib/podtopo.jar", "lib/podtopo.cdx.json",
              "share/bash-completion/completions/podtopo", "LICENSE", "NOTICE", "CHANGELOG.md")
              .map(file -> "podtopo-" + VERSION + "/" + file).toArray(String[]::new));
    }
    assertThat(Files.getPosixFilePermissions(home.resolve("bin/podtopo"))).contains(PosixFilePermission.OWNER_EXECUTE,
        PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE);
    Path app = ROOT.resolve("app/target");
    assertThat(home.resolve("lib/podtopo.jar")).hasSameBinaryContentAs(app.resolve("podtopo-app-" + VERSION + "-cli.jar"));
    assertThat(home.resolve("lib/podtopo.cdx.json")).hasSameBinaryContentAs(app.resolve("podtopo-app-" + VERSION + "-cli.cdx.json"));
    assertThat(home.resolve("LICENSE")).hasSameBinaryContentAs(ROOT.resolve("LICENSE"));
    assertThat(home.resolve("NOTICE")).hasSameBinaryContentAs(ROOT.resolve("NOTICE"));
    assertThat(home.resolve("LICENSE")).content().contains("Apache License", "Version 2.0, January 2004");
  }

  @Test
  void theSbomInTheArchiveNamesPodtoposLicence() throws IOException {
    JsonNode sbom = new ObjectMapper().readTree(home.resolve("lib/podtopo.cdx.json").toFile());

    assertThat(sbom.at("/metadata/component/licenses/0/license/id").asText()).isEqualTo("Apache-2.0");
    assertThat(sbom.at("/metadata/component/version").asText()).isEqualTo(VERSION);
  }

  @Test
  void theLauncherRunsTheJarWithoutMavenAndPrintsTheVersionAndTheKubeletReleaseTheOraclePins(@TempDir Path elsewhere)
      throws Exception {
    Matcher pinned = Pattern.compile("(?m)^replace k8s\\.io/kubernetes => \\./\\.build/src/kubernetes@(v[0-9.]+)$")
        .matcher(Files.readString(ROOT.resolve("oracle/go.mod")));
    assertThat(pinned.find()).as("oracle/go.mod pins k8s.io/kubernetes").isTrue();
    Path link = Files.createSymbolicLink(elsewhere.resolve("podtopo"), home.resolve("bin/podtopo"));

    Command direct = Command.run(elsewhere, Map.of(), home.resolve("bin/podtopo").toString(), "--version");
    Command throughLink = Command.run(elsewhere, Map.of(), link.toString(), "--version");

    direct.assertExit(0);
    assertThat(direct.out().lines()).containsExactly("podtopo " + VERSION,
        "reproduces kubelet " + pinned.group(1) + " (v1.37.0 to " + pinned.group(1) + " decide alike)");
    throughLink.assertExit(0);
    assertThat(throughLink.out()).isEqualTo(direct.out());
  }

  @Test
  void theLauncherPassesPodtoposJavaOptionsAndSaysWhenThereIsNoJava(@TempDir Path elsewhere) throws Exception {
    Command options = Command.run(elsewhere, Map.of("PODTOPO_JAVA_OPTS", "-XX:+UseSerialGC -XX:+PrintCommandLineFlags"),
        home.resolve("bin/podtopo").toString(), "--version");
    Command noJava = Command.run(elsewhere, Map.of("JAVA_HOME", elsewhere.toString()),
        home.resolve("bin/podtopo").toString(), "--version");

    options.assertExit(0);
    assertThat(options.out()).contains("-XX:+UseSerialGC", "podtopo " + VERSION);
    noJava.assertExit(2);
    assertThat(noJava.err()).startsWith("podtopo: no java found (JAVA_HOME=" + elsewhere + ", PATH=");
  }

  @Test
  void theCompletionScriptIsPodtoposAndRegistersItsCompletionInBash() throws Exception {
    Path script = home.resolve("share/bash-completion/completions/podtopo");
    Command printed = Command.run(unpacked, Map.of(), home.resolve("bin/podtopo").toString(), "completion");
    Command registered = Command.run(unpacked, Map.of(), "bash", "-c", "source '" + script + "' && complete -p podtopo");

    printed.assertExit(0);
    assertThat(script).content().isEqualTo(printed.out());
    registered.assertExit(0);
    assertThat(registered.out()).startsWith("complete ").contains(" -F _complete_podtopo").endsWith(" podtopo\n");
  }

  @Test
  void theChangelogsFirstEntryIsThisRelease() throws IOException {
    List<String> headings = Files.readAllLines(home.resolve("CHANGELOG.md")).stream()
        .filter(line -> line.startsWith("## ")).toList();

    assertThat(headings).isNotEmpty();
    assertThat(headings.get(0)).startsWith("## " + VERSION + " (");
    assertThat(home.resolve("CHANGELOG.md")).hasSameTextualContentAs(ROOT.resolve("CHANGELOG.md"));
  }
}
