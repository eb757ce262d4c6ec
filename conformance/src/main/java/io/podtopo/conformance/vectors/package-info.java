/**
 * Conformance vectors: files, cases, subjects, the runner and its results. The format is
 * {@code FORMAT.md} beside the bundled vectors; the subject protocol is in {@code docs/conformance.md}.
 */
package io.podtopo.conformance.vectors;
