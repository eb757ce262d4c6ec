/**
 * The audit of a live PodResources endpoint as {@code podtopo audit} runs it: one run
 * ({@link io.podtopo.app.audit.EndpointAudit}: the endpoint's answers, the node's scope and
 * optionally its cgroup tree, judged by the rules of {@code io.podtopo.conformance.audit}), and the
 * seam through which each run's outcome leaves the command ({@link io.podtopo.app.audit.AuditObserver}).
 */
package io.podtopo.app.audit;
