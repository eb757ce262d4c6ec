package io.podtopo.release;

/**
 * One entry of a component's {@code licenses} in a CycloneDX SBOM: an SPDX licence id, a licence
 * only named (the SBOM tool could not match the POM's text to an SPDX id), or an SPDX expression.
 *
 * @param kind which of the three the SBOM gives
 * @param text the id, the name or the expression
 */
public record LicenceEntry(Kind kind, String text) {

  /** How the SBOM gives a licence. */
  public enum Kind {
    /** {@code {"license": {"id": "Apache-2.0"}}} */
    SPDX_ID,
    /** {@code {"license": {"name": "The Foo Licence"}}} */
    NAME,
    /** {@code {"expression": "Apache-2.0 OR MIT"}} */
    EXPRESSION
  }

  /** The entry of an SPDX id. */
  public static LicenceEntry spdx(String id) {
    return new LicenceEntry(Kind.SPDX_ID, id);
  }

  @Override
  public String toString() {
    return switch (kind) {
      case SPDX_ID -> text;
      case NAME -> "named \"" + text + "\"";
      case EXPRESSION -> "expression \"" + text + "\"";
    };
  }
}
