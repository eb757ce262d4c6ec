package io.podtopo.release;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The licence check of ADR 0011 run by {@link ReleaseCheck} as the build does it, on SBOMs written here
 * in the CycloneDX form the plugin writes: it passes a jar of allowed licences, and fails, naming the
 * component, on an unknown licence (none, a name only, an expression), an incompatible one, a product
 * without podtopo's licence, and a stale NOTICE.
 */
class LicenceCheckTest {

  private static final Path ALLOW_LIST = Path.of("allowed-licences.txt");

  @TempDir
  Path dir;

  private static String component(String group, String name, String licences) {
    return "{\"type\":\"library\",\"group\":\"" + group + "\",\"name\":\"" + name + "\",\"version\":\"1.0\","
        + "\"licenses\":[" + licences + "]}";
  }

  private static String id(String id) {
    return "{\"license\":{\"id\":\"" + id + "\"}}";
  }

  private Path sbom(String productLicences, String... components) throws IOException {
    return Files.writeString(Files.createTempFile(dir, "bom", ".json"), "{\"bomFormat\":\"CycloneDX\",\"specVersion\":\"1.6\","
        + "\"metadata\":{\"component\":{\"group\":\"io.podtopo\",\"name\":\"podtopo-app\",\"version\":\"9.9\","
        + "\"licenses\":[" + productLicences + "]}},\"components\":[" + String.join(",", components) + "]}");
  }

  private static final String[] ALLOWED = {
      component("io.podtopo", "podtopo-domain", id("Apache-2.0")),
      component("org.slf4j", "slf4j-api", id("MIT")),
      component("com.google.protobuf", "protobuf-java", id("BSD-3-Clause")),
      component("org.example", "dual", id("GPL-2.0-only") + "," + id("Apache-2.0"))};

  /** Runs the check as the build does, NOTICE.made made from the SBOM and NOTICE taken as the repository's. */
  private void check(Path sbom) throws IOException {
    ReleaseCheck.main(new String[] {sbom.toString(), ALLOW_LIST.toString(), "Apache-2.0",
        dir.resolve("NOTICE.made").toString(), dir.resolve("NOTICE").toString()});
  }

  @Test
  void aJarOfAllowedLicencesPassesOnceTheNoticeListsTheThirdPartyOnesUnderTheLicenceUsed() throws IOException {
    Path sbom = sbom(id("Apache-2.0"), ALLOWED);

    assertThatThrownBy(() -> check(sbom)).hasMessageContaining("does not list what the CLI jar bundles");
    Files.copy(dir.resolve("NOTICE.made"), dir.resolve("NOTICE"));
    check(sbom);

    assertThat(Files.readAllLines(dir.resolve("NOTICE"))).contains(
        "  com.google.protobuf:protobuf-java 1.0  BSD-3-Clause",
        "  org.example:dual 1.0                   Apache-2.0",
        "  org.slf4j:slf4j-api 1.0                MIT").noneMatch(line -> line.contains("podtopo-domain"));
  }

  @Test
  void anIncompatibleLicenceFailsTheCheckNamingTheComponent() throws IOException {
    Path sbom = sbom(id("Apache-2.0"), ALLOWED[0], component("org.example", "copyleft", id("GPL-3.0-only")));

    assertThatThrownBy(() -> check(sbom)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("licence check of " + sbom + " failed")
        .hasMessageContaining("org.example:copyleft 1.0: [GPL-3.0-only], none of them allowed "
            + "[Apache-2.0, BSD-2-Clause, BSD-3-Clause, CC0-1.0, ISC, MIT]");
  }

  @Test
  void anUnknownLicenceFailsTheCheck() throws IOException {
    Path none = sbom(id("Apache-2.0"), ALLOWED[1], component("org.example", "unlicensed", ""));
    Path named = sbom(id("Apache-2.0"), component("org.example", "named", "{\"license\":{\"name\":\"Some Licence\"}}"));
    Path expression = sbom(id("Apache-2.0"), component("org.example", "expr", "{\"expression\":\"MIT OR Apache-2.0\"}"));
    Path unknownId = sbom(id("Apache-2.0"), component("org.example", "odd", id("LicenseRef-odd")));

    assertThatThrownBy(() -> check(none)).hasMessageContaining("org.example:unlicensed 1.0: no licence in the SBOM (unknown)");
    assertThatThrownBy(() -> check(named)).hasMessageContaining("org.example:named 1.0: [named \"Some Licence\"], none");
    assertThatThrownBy(() -> check(expression))
        .hasMessageContaining("org.example:expr 1.0: [expression \"MIT OR Apache-2.0\"], none");
    assertThatThrownBy(() -> check(unknownId)).hasMessageContaining("org.example:odd 1.0: [LicenseRef-odd], none");
  }

  @Test
  void anSbomThatDoesNotNamePodtoposLicenceFails() throws IOException {
    Path sbom = sbom("", ALLOWED);

    assertThatThrownBy(() -> check(sbom))
        .hasMessageContaining("the SBOM names io.podtopo:podtopo-app 9.9's licence as [], not Apache-2.0");
  }

  @Test
  void aNoticeThatDoesNotListWhatTheJarBundlesFailsAndTheNoticeToCopyIsWritten() throws IOException {
    Files.writeString(dir.resolve("NOTICE"), "podtopo\n");

    assertThatThrownBy(() -> check(sbom(id("Apache-2.0"), ALLOWED)))
        .hasMessage(dir.resolve("NOTICE") + " does not list what the CLI jar bundles; the NOTICE made from its SBOM is "
            + dir.resolve("NOTICE.made") + ": cp " + dir.resolve("NOTICE.made") + " " + dir.resolve("NOTICE"));
    assertThat(dir.resolve("NOTICE.made")).content().contains("org.slf4j:slf4j-api 1.0");
  }

  @Test
  void noSbomFailsTheCheck() {
    assertThatThrownBy(() -> check(dir.resolve("missing.json"))).hasMessageStartingWith("no SBOM at ");
  }

  @Test
  void theAllowListOfTheBuildIsTheAdrsPermissiveLicences() throws IOException {
    LicencePolicy policy = LicencePolicy.read(ALLOW_LIST);

    assertThat(List.of("Apache-2.0", "MIT", "BSD-2-Clause", "BSD-3-Clause", "ISC", "CC0-1.0"))
        .allSatisfy(id -> assertThat(policy.allowedLicence(new BundledComponent("g", "n", "1",
            List.of(LicenceEntry.spdx(id))))).contains(id));
    assertThat(List.of("GPL-2.0-only", "LGPL-2.1-only", "EPL-2.0", "MPL-2.0", "AGPL-3.0-only", "SSPL-1.0"))
        .allSatisfy(id -> assertThat(policy.allowedLicence(new BundledComponent("g", "n", "1",
            List.of(LicenceEntry.spdx(id))))).isEmpty());
  }
}
