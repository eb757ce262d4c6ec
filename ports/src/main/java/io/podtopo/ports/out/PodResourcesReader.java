package io.podtopo.ports.out;

import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import java.util.Optional;

/**
 * Reads a node's PodResources v1 endpoint (a kubelet's, or podtopo's own): its {@code List},
 * {@code Get} and {@code GetAllocatableResources} answers, as the domain values podtopo's own node
 * computes, so that a caller judges or compares them without the wire protocol.
 *
 * <p><b>Promises.</b> Every call answers for the node as it is when the call is made, as the node
 * reports it: {@link #list} every pod in the node's order; {@link #get} the pod of that namespace and
 * name as {@link #list} has it, or empty when the node has no such pod (one of the same name in
 * another namespace is another pod); {@link #allocatable} what the node's managers may hand out.
 *
 * <p><b>Threading.</b> Implementations are thread-safe.
 *
 * <p><b>Errors.</b> {@link PodResourcesReadException}, naming the endpoint and why, when the node
 * cannot be asked or answers what the domain cannot hold.
 */
public interface PodResourcesReader {

  /** {@code List}: every pod the node reports, in its order. */
  PodResourcesView list();

  /** {@code Get}: the pod {@code namespace/name}; empty when the node has no such pod. */
  Optional<PodResources> get(String namespace, String name);

  /** {@code GetAllocatableResources}: what the node's managers may hand out. */
  AllocatableResources allocatable();
}
