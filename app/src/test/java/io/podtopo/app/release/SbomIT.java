package io.podtopo.app.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 12, supply chain: the CycloneDX SBOM built beside the CLI and agent jar
 * ({@code podtopo-app-VERSION-cli.jar}, {@code ...-cli.cdx.json}, both made by {@code package}) lists
 * exactly what the jar bundles. Each listed library's own jar (from the local Maven repository, by its
 * package URL) has every class in the CLI jar, and every class of the CLI jar outside podtopo's own
 * packages comes from a listed library: a library bundled but not listed, or listed but not bundled,
 * fails. Run by failsafe after {@code package}.
 */
class SbomIT {

  private static JsonNode sbom;
  private static Set<String> cliClasses;

  @BeforeAll
  static void read() throws IOException {
    sbom = new ObjectMapper().readTree(Files.readAllBytes(Path.of(System.getProperty("podtopo.cliSbom"))));
    cliClasses = classes(Path.of(System.getProperty("podtopo.cliJar")));
  }

  @Test
  void theSbomIsCycloneDxOfTheApplicationWithAPackageUrlAndHashesForEveryComponent() {
    assertThat(sbom.get("bomFormat").asText()).isEqualTo("CycloneDX");
    assertThat(sbom.get("specVersion").asText()).isEqualTo("1.6");
    assertThat(sbom.at("/metadata/component/type").asText()).isEqualTo("application");
    assertThat(sbom.at("/metadata/component/name").asText()).isEqualTo("podtopo-app");
    assertThat(sbom.get("components")).isNotEmpty();
    for (JsonNode component : sbom.get("components")) {
      assertThat(component.get("purl").asText()).as(component.toString()).startsWith("pkg:maven/");
      assertThat(component.get("scope").asText()).as(component.toString()).isEqualTo("required");
      assertThat(component.get("hashes")).as(component.toString())
          .anyMatch(hash -> hash.get("alg").asText().equals("SHA-256"));
    }
  }

  /** Issue 27: the SBOM names podtopo's licence, the POMs' Apache-2.0, for the jar and each podtopo module. */
  @Test
  void theSbomNamesPodtoposLicenceForTheJarAndEachOfItsModules() {
    assertThat(sbom.at("/metadata/component/licenses/0/license/id").asText()).isEqualTo("Apache-2.0");
    for (JsonNode component : sbom.get("components")) {
      if (component.get("group").asText().equals("io.podtopo")) {
        assertThat(component.at("/licenses/0/license/id").asText()).as(component.get("name").asText())
            .isEqualTo("Apache-2.0");
      }
    }
  }

  @Test
  void everyListedLibraryIsBundledWholeAndEveryBundledClassComesFromAListedLibrary() throws IOException {
    Map<String, String> owner = new HashMap<>();
    List<String> notBundled = new ArrayList<>();
    for (JsonNode component : sbom.get("components")) {
      String purl = component.get("purl").asText();
      Set<String> classes = classes(jarOf(purl));
      classes.forEach(name -> owner.put(name, purl));
      Set<String> missing = new TreeSet<>(classes);
      missing.removeAll(cliClasses);
      if (!missing.isEmpty()) {
        notBundled.add(purl + " (" + missing.size() + " of its " + classes.size() + " classes, e.g. "
            + missing.iterator().next() + ")");
      }
    }
    Set<String> unlisted = new TreeSet<>();
    for (String name : cliClasses) {
      if (!owner.containsKey(name) && !name.startsWith("io/podtopo/")) {
        unlisted.add(name.substring(0, Math.max(0, name.lastIndexOf('/'))));
      }
    }
    assertThat(notBundled).as("listed in the SBOM but not in the CLI jar").isEmpty();
    assertThat(unlisted).as("packages in the CLI jar that no SBOM component holds").isEmpty();
  }

  /**
   * The jar of a {@code pkg:maven/GROUP/NAME@VERSION?classifier=...} package URL: podtopo's own modules
   * as this build packaged them (module {@code NAME} without its {@code podtopo-} prefix), a library in
   * the local repository. Nothing of podtopo is ever installed there: a clean machine has none.
   */
  private static Path jarOf(String purl) {
    String coordinates = purl.substring("pkg:maven/".length());
    String query = "";
    int question = coordinates.indexOf('?');
    if (question >= 0) {
      query = coordinates.substring(question + 1);
      coordinates = coordinates.substring(0, question);
    }
    String group = coordinates.substring(0, coordinates.indexOf('/'));
    String name = coordinates.substring(coordinates.indexOf('/') + 1, coordinates.indexOf('@'));
    String version = URLDecoder.decode(coordinates.substring(coordinates.indexOf('@') + 1), StandardCharsets.UTF_8);
    String classifier = "";
    for (String parameter : query.split("&")) {
      if (parameter.startsWith("classifier=")) {
        classifier = "-" + parameter.substring("classifier=".length());
      }
    }
    String jar = name + "-" + version + classifier + ".jar";
    if (group.equals("io.podtopo")) {
      return Path.of(System.getProperty("podtopo.reactorRoot"), name.substring("podtopo-".length()), "target", jar);
    }
    return Path.of(System.getProperty("podtopo.localRepository"), group.replace('.', '/'), name, version, jar);
  }

  /** The class files of a jar, module descriptors and multi-release copies left out. */
  private static Set<String> classes(Path jar) throws IOException {
    Set<String> classes = new TreeSet<>();
    try (JarFile file = new JarFile(jar.toFile())) {
      for (ZipEntry entry : file.stream().toList()) {
        String name = entry.getName();
        if (name.endsWith(".class") && !name.endsWith("module-info.class") && !name.startsWith("META-INF/")) {
          classes.add(name);
        }
      }
    }
    return classes;
  }
}
