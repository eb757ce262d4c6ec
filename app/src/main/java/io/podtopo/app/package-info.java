/**
 * The composition root: the Dagger component that wires the conformance suite, the simulator and
 * one {@link io.podtopo.app.NodeComponent} per node over the ports and the fake adapters, and
 * {@link io.podtopo.app.Main}, the {@code podtopo} command line.
 */
package io.podtopo.app;
