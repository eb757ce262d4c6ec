/**
 * Where podtopo departs from kubelet v1.37, by name (ADR 0008): each {@link
 * io.podtopo.domain.quirks.KubeletQuirk} is a point where the kubelet's decision differs from the
 * corrected one; {@link io.podtopo.domain.quirks.Behaviour} chooses which of the two a node
 * reproduces (the kubelet's by default); a {@link io.podtopo.domain.quirks.QuirkLog} carries that
 * choice through one computation and records the quirks whose two behaviours could differ there.
 */
package io.podtopo.domain.quirks;
