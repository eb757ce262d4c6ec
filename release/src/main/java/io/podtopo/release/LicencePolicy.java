package io.podtopo.release;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which licences a bundled component may come under (ADR 0011): an allow-list of SPDX ids, all
 * compatible with distributing them inside an Apache-2.0 release jar. A component passes when one of
 * its SBOM licences is an allowed id (a POM that lists several licences offers a choice among them);
 * a component with no licence, only a licence name, an SPDX expression, or ids none of which is
 * allowed, fails: unknown is refused as incompatible is.
 */
public final class LicencePolicy {

  private final Set<String> allowed;

  /** A policy allowing exactly {@code allowed}. */
  public LicencePolicy(Set<String> allowed) {
    if (allowed.isEmpty()) {
      throw new IllegalArgumentException("an allow-list of no licence");
    }
    this.allowed = Set.copyOf(allowed);
  }

  /**
   * The policy of an allow-list file: one SPDX id a line, {@code #} starts a comment, blank lines
   * ignored.
   */
  public static LicencePolicy read(Path allowList) throws IOException {
    Set<String> ids = new TreeSet<>();
    for (String line : Files.readAllLines(allowList)) {
      String id = line.replaceFirst("#.*", "").strip();
      if (!id.isEmpty()) {
        ids.add(id);
      }
    }
    return new LicencePolicy(ids);
  }

  /** The first of {@code component}'s licences that is allowed, the one it is bundled under; empty if none. */
  public Optional<String> allowedLicence(BundledComponent component) {
    return component.licences().stream()
        .filter(licence -> licence.kind() == LicenceEntry.Kind.SPDX_ID && allowed.contains(licence.text()))
        .map(LicenceEntry::text)
        .findFirst();
  }

  /**
   * One line for every component of {@code sbom} this policy refuses, naming it and its licences;
   * empty when every one passes.
   */
  public List<String> violations(CycloneDxSbom sbom) {
    List<String> violations = new ArrayList<>();
    for (BundledComponent component : sbom.components()) {
      if (component.licences().isEmpty()) {
        violations.add(component.coordinates() + ": no licence in the SBOM (unknown)");
      } else if (allowedLicence(component).isEmpty()) {
        violations.add(component.coordinates() + ": " + component.licences() + ", none of them allowed " + new TreeSet<>(allowed));
      }
    }
    return violations;
  }
}
