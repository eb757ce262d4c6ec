/** QuickTheories generators of machines, configurations and workloads for the property tests. */
package io.podtopo.conformance.generators;
