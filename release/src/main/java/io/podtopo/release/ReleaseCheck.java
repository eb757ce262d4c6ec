package io.podtopo.release;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The licence check of every build (ADR 0011), run by the {@code release} module at {@code package}
 * on the CLI jar's SBOM: the SBOM must name podtopo's own licence, every bundled component must come
 * under an allowed licence ({@link LicencePolicy}), and the repository's {@code NOTICE} must list
 * exactly what the jar bundles ({@link NoticeFile}). Any failure throws, which fails the build; the
 * NOTICE made from the SBOM is written first, so that a stale one can be replaced by it.
 */
public final class ReleaseCheck {

  private ReleaseCheck() {}

  /**
   * {@code ReleaseCheck SBOM ALLOW-LIST LICENCE NOTICE-OUT NOTICE}: checks the SBOM against the
   * allow-list file and podtopo's SPDX licence id, writes the NOTICE it makes to {@code NOTICE-OUT}
   * and compares it with the repository's {@code NOTICE}.
   */
  public static void main(String[] args) throws IOException {
    if (args.length != 5) {
      throw new IllegalArgumentException("usage: ReleaseCheck SBOM ALLOW-LIST LICENCE NOTICE-OUT NOTICE");
    }
    Path sbomFile = Path.of(args[0]).toAbsolutePath().normalize();
    if (!Files.isRegularFile(sbomFile)) {
      throw new IllegalStateException("no SBOM at " + sbomFile + ": the app module makes it at package "
          + "(cyclonedx-maven-plugin, which skips itself in an offline build)");
    }
    CycloneDxSbom sbom = CycloneDxSbom.read(sbomFile);
    LicencePolicy policy = LicencePolicy.read(Path.of(args[1]));
    List<String> problems = new ArrayList<>();
    if (!sbom.product().licences().contains(LicenceEntry.spdx(args[2]))) {
      problems.add("the SBOM names " + sbom.product().coordinates() + "'s licence as " + sbom.product().licences()
          + ", not " + args[2] + " (the POM's <licenses>)");
    }
    problems.addAll(policy.violations(sbom));
    if (!problems.isEmpty()) {
      throw new IllegalStateException("licence check of " + sbomFile + " failed (ADR 0011, " + args[1] + "):\n  "
          + String.join("\n  ", problems));
    }

    String notice = NoticeFile.render(sbom, policy);
    Path noticeOut = Files.writeString(Path.of(args[3]).toAbsolutePath().normalize(), notice);
    Path repositoryNotice = Path.of(args[4]).toAbsolutePath().normalize();
    if (!Files.isRegularFile(repositoryNotice) || !Files.readString(repositoryNotice).equals(notice)) {
      throw new IllegalStateException(repositoryNotice + " does not list what the CLI jar bundles; the NOTICE made "
          + "from its SBOM is " + noticeOut + ": cp " + noticeOut + " " + repositoryNotice);
    }
    System.out.println("licence check: " + sbom.components().size() + " bundled components, each under an allowed "
        + "licence " + countByLicence(sbom, policy) + "; " + repositoryNotice + " lists them");
  }

  private static Map<String, Long> countByLicence(CycloneDxSbom sbom, LicencePolicy policy) {
    return sbom.components().stream()
        .collect(Collectors.groupingBy(component -> policy.allowedLicence(component).orElseThrow(), TreeMap::new,
            Collectors.counting()));
  }
}
