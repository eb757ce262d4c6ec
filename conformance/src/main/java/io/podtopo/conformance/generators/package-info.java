/**
 * QuickTheories generators of domain values (CPU sets, NUMA masks, topology hints and provider
 * answers) for the property tests, here so that other suites can reuse them.
 */
package io.podtopo.conformance.generators;
