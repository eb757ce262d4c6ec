/**
 * QuickTheories generators for the property tests: machines, CPU sets, NUMA masks, topology hints
 * and provider answers, here so that other suites can reuse them.
 */
package io.podtopo.conformance.generators;
