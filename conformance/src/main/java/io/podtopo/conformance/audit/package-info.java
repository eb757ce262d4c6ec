/**
 * The audit of a live PodResources endpoint (a kubelet's or podtopo's): rules that need nothing but
 * the endpoint's {@code List} and {@code GetAllocatableResources} answers, what the caller knows of
 * the node's scope, and optionally the cpusets its cgroups apply. Unlike the invariants of
 * {@link io.podtopo.conformance.invariants}, which compare an answer with the node state that
 * produced it, these rules hold for any correct node, so they can judge a node whose state is not
 * known. {@link io.podtopo.conformance.audit.Audit#rules()} lists them; each has a stable id.
 */
package io.podtopo.conformance.audit;
