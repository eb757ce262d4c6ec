package io.podtopo.release;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * Issue 27: the conformance suite from Maven coordinates, as {@code docs/conformance.md} ("JVM
 * implementations") tells an implementer. Its install command, run in this checkout, puts
 * {@code io.podtopo:podtopo-conformance:VERSION} in a local repository (a new one, with podtopo's own
 * behind it read-only, {@code maven.repo.local.tail}); then a project of an implementer's own, with the
 * documented dependency and the example test tree of {@code conformance/src/test/java/com/example/podtopo},
 * builds and passes its tests from that repository, offline: the suite's classes and bundled vectors come
 * from the installed jar, not from this reactor.
 */
class JvmQuickStartIT {

  private static final String VERSION = System.getProperty("podtopo.version");
  private static final Path ROOT = Path.of(System.getProperty("podtopo.reactorRoot")).toAbsolutePath().normalize();
  private static final Path PODTOPOS_REPOSITORY = Path.of(System.getProperty("podtopo.localRepository"));
  private static final List<String> EXAMPLE = List.of("ExampleSubject.java", "ExampleSubjectConformanceTest.java",
      "ExampleTestee.java");

  @TempDir
  Path work;

  @Test
  void theDocumentedInstallPutsTheSuiteInALocalRepositoryAndAProjectWithTheDocumentedDependencyPassesFromIt()
      throws Exception {
    String section = section(Files.readString(ROOT.resolve("docs/conformance.md")), "## JVM implementations");
    String install = block(section, "sh").strip();
    String dependency = block(section, "xml");
    assertThat(install).isEqualTo("./mvnw -B -pl conformance -am install -DskipTests");
    assertThat(dependency).contains("<groupId>io.podtopo</groupId>", "<artifactId>podtopo-conformance</artifactId>",
        "<version>" + VERSION + "</version>");
    Path repository = work.resolve("repository");
    List<String> offline = List.of("-o", "-Dmaven.repo.local=" + repository,
        "-Dmaven.repo.local.tail=" + PODTOPOS_REPOSITORY);

    List<String> installCommand = new ArrayList<>(Arrays.asList(install.split("\\s+")));
    installCommand.addAll(offline);
    installCommand.add("-q");
    Command.run(ROOT, Map.of(), installCommand.toArray(String[]::new)).assertExit(0);

    Path installed = repository.resolve("io/podtopo/podtopo-conformance/" + VERSION);
    assertThat(installed.resolve("podtopo-conformance-" + VERSION + ".jar")).isRegularFile();
    assertThat(repository.resolve("io/podtopo/podtopo-parent/" + VERSION + "/podtopo-parent-" + VERSION + ".pom"))
        .content().contains("<name>Apache-2.0</name>");
    Path project = implementersProject(dependency);
    List<String> test = new ArrayList<>(List.of(ROOT.resolve("mvnw").toString(), "-B", "-f",
        project.resolve("pom.xml").toString(), "test"));
    test.addAll(offline);
    Command.run(ROOT, Map.of(), test.toArray(String[]::new)).assertExit(0);

    int tests = 0;
    try (Stream<Path> reports = Files.list(project.resolve("target/surefire-reports"))) {
      for (Path report : reports.filter(file -> file.getFileName().toString().startsWith("TEST-")).toList()) {
        Element suite = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(report.toFile()).getDocumentElement();
        assertThat(suite.getAttribute("failures") + suite.getAttribute("errors")).as(report.toString()).isEqualTo("00");
        tests += Integer.parseInt(suite.getAttribute("tests"));
      }
    }
    assertThat(tests).as("tests run by the implementer's project").isGreaterThan(EXAMPLE.size());
  }

  /** A project with podtopo's example test tree as its own and {@code dependency} among its dependencies. */
  private Path implementersProject(String dependency) throws IOException {
    Path project = work.resolve("my-implementation");
    Path tests = Files.createDirectories(project.resolve("src/test/java/com/example/podtopo"));
    for (String file : EXAMPLE) {
      Files.copy(ROOT.resolve("conformance/src/test/java/com/example/podtopo").resolve(file), tests.resolve(file));
    }
    String pom;
    try (var template = JvmQuickStartIT.class.getResourceAsStream("/quick-start/pom.xml")) {
      pom = new String(template.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    Files.writeString(project.resolve("pom.xml"), pom.replace("@SUITE@", dependency.stripTrailing())
        .replace("@JUNIT@", System.getProperty("podtopo.junit.version"))
        .replace("@ASSERTJ@", System.getProperty("podtopo.assertj.version")));
    return project;
  }

  /** The part of {@code markdown} from {@code heading} to the next heading of its level. */
  private static String section(String markdown, String heading) {
    int start = markdown.indexOf(heading + "\n");
    assertThat(start).as("docs/conformance.md has %s", heading).isNotNegative();
    int end = markdown.indexOf("\n## ", start + heading.length());
    return end < 0 ? markdown.substring(start) : markdown.substring(start, end);
  }

  /** The first fenced block of {@code language} in {@code markdown}. */
  private static String block(String markdown, String language) {
    Matcher block = Pattern.compile("(?s)```" + language + "\n(.*?)```").matcher(markdown);
    assertThat(block.find()).as("a ```%s block", language).isTrue();
    return block.group(1);
  }
}
