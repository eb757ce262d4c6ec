package io.podtopo.release;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The text of podtopo's {@code NOTICE}: the copyright, the licence, and every third-party component
 * the CLI jar bundles, from its SBOM, with the licence it is used under (the first allowed one, ADR
 * 0011). podtopo's own modules, which the SBOM lists too, are not third-party and not listed.
 */
public final class NoticeFile {

  private NoticeFile() {}

  /** The NOTICE of a release whose jar's SBOM is {@code sbom}, under {@code policy}. */
  public static String render(CycloneDxSbom sbom, LicencePolicy policy) {
    String ownGroup = sbom.product().group();
    List<BundledComponent> thirdParty = sbom.components().stream()
        .filter(component -> !component.group().equals(ownGroup))
        .sorted(Comparator.comparing(BundledComponent::group).thenComparing(BundledComponent::name))
        .toList();
    int width = thirdParty.stream().mapToInt(component -> component.coordinates().length()).max().orElse(0);
    String components = thirdParty.stream()
        .map(component -> "  " + pad(component.coordinates(), width) + "  " + usedUnder(component, policy))
        .collect(Collectors.joining("\n"));
    return "podtopo\n"
        + "Copyright 2026 The podtopo authors\n"
        + "\n"
        + "Licensed under the Apache License, Version 2.0 (LICENSE).\n"
        + "\n"
        + "The command-line jar (podtopo-app-VERSION-cli.jar, lib/podtopo.jar in the release) bundles these\n"
        + "third-party components, each under its own licence, as its CycloneDX SBOM lists them\n"
        + "(podtopo-app-VERSION-cli.cdx.json). The notices of those that carry one are merged in the jar's\n"
        + "META-INF/NOTICE.\n"
        + "\n"
        + components + "\n";
  }

  private static String usedUnder(BundledComponent component, LicencePolicy policy) {
    return policy.allowedLicence(component)
        .orElseThrow(() -> new IllegalArgumentException(component.coordinates() + " has no allowed licence"));
  }

  private static String pad(String text, int width) {
    return text + " ".repeat(width - text.length());
  }
}
