/**
 * The vector kinds: for each, the reference answer (computed by the domain) and the comparator.
 * Inputs are parsed with {@link io.podtopo.conformance.json.FixtureJson}.
 */
package io.podtopo.conformance.kinds;
