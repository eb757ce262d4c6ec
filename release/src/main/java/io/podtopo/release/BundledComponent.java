package io.podtopo.release;

import java.util.List;

/**
 * One library the release jar bundles, as its CycloneDX SBOM lists it: Maven coordinates and the
 * licences its POM declares.
 *
 * @param group the Maven group id
 * @param name the Maven artifact id
 * @param version the version bundled
 * @param licences the licences the SBOM gives it, in its order; empty when it gives none
 */
public record BundledComponent(String group, String name, String version, List<LicenceEntry> licences) {

  public BundledComponent {
    licences = List.copyOf(licences);
  }

  /** {@code group:name version}, as messages and the NOTICE name it. */
  public String coordinates() {
    return group + ":" + name + " " + version;
  }
}
