/**
 * The release's build steps: {@link io.podtopo.release.ReleaseCheck}, the licence check of the CLI
 * jar's CycloneDX SBOM ({@link io.podtopo.release.CycloneDxSbom}) against the allow-list of ADR 0011
 * ({@link io.podtopo.release.LicencePolicy}), and the NOTICE made from it
 * ({@link io.podtopo.release.NoticeFile}). The release archive itself is assembled by Maven
 * ({@code release/src/assembly/release.xml}), the image by {@code release/image/build}.
 */
package io.podtopo.release;
