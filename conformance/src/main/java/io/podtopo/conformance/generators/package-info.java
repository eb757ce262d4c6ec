/** QuickTheories generators of machines, configurations, pods and operation sequences. */
package io.podtopo.conformance.generators;
