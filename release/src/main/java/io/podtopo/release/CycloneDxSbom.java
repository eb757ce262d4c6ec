package io.podtopo.release;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The parts of a CycloneDX JSON SBOM (the one {@code cyclonedx-maven-plugin} writes beside the CLI
 * jar) that the release reads: the product itself and every component it bundles, with their
 * licences.
 *
 * @param product the product the SBOM describes ({@code metadata.component})
 * @param components every component of {@code components}, in the SBOM's order
 */
public record CycloneDxSbom(BundledComponent product, List<BundledComponent> components) {

  private static final ObjectMapper JSON = new ObjectMapper();

  public CycloneDxSbom {
    components = List.copyOf(components);
  }

  /** Reads {@code file}; fails on a file that is no CycloneDX BOM. */
  public static CycloneDxSbom read(Path file) throws IOException {
    JsonNode bom = JSON.readTree(file.toFile());
    if (bom == null || !"CycloneDX".equals(bom.path("bomFormat").asText())) {
      throw new IOException(file + " is not a CycloneDX SBOM (no \"bomFormat\": \"CycloneDX\")");
    }
    List<BundledComponent> components = new ArrayList<>();
    bom.path("components").forEach(component -> components.add(component(component)));
    return new CycloneDxSbom(component(bom.path("metadata").path("component")), components);
  }

  private static BundledComponent component(JsonNode component) {
    List<LicenceEntry> licences = new ArrayList<>();
    for (JsonNode entry : component.path("licenses")) {
      JsonNode licence = entry.path("license");
      if (entry.has("expression")) {
        licences.add(new LicenceEntry(LicenceEntry.Kind.EXPRESSION, entry.path("expression").asText()));
      } else if (licence.has("id")) {
        licences.add(LicenceEntry.spdx(licence.path("id").asText()));
      } else if (licence.has("name")) {
        licences.add(new LicenceEntry(LicenceEntry.Kind.NAME, licence.path("name").asText()));
      }
    }
    return new BundledComponent(component.path("group").asText(), component.path("name").asText(),
        component.path("version").asText(), licences);
  }
}
