/**
 * The composition root: the Dagger component that wires the conformance suite (and, as they arrive,
 * the ports and adapters) and {@link io.podtopo.app.Main}, the {@code podtopo} command line.
 */
package io.podtopo.app;
