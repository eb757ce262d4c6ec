/**
 * The 36 conformance invariants of the pod-level resource managers spec (§15) as named, reusable
 * checks: {@link io.podtopo.conformance.invariants.SnapshotInvariant} over one
 * {@link io.podtopo.conformance.invariants.ObservedNode},
 * {@link io.podtopo.conformance.invariants.TransitionInvariant} over one operation (admission or
 * removal) and the snapshots before and after it, and
 * {@link io.podtopo.conformance.invariants.PodResourcesInvariant} over a PodResources view. Every
 * check returns {@link io.podtopo.conformance.invariants.Violation}s as data; an empty list means
 * the invariant holds. {@link io.podtopo.conformance.invariants.Invariants#all()} lists them.
 */
package io.podtopo.conformance.invariants;
