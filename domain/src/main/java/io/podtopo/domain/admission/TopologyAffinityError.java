package io.podtopo.domain.admission;

import io.podtopo.domain.topologymanager.AdmissionFailure;
import org.immutables.value.Value;

/**
 * Upstream {@code TopologyAffinityError}: the Topology Manager's policy admits no merged hint for
 * the pod (or, in container scope, for one of its containers). Its message is the Topology Manager's:
 * {@value AdmissionFailure#TOPOLOGY_AFFINITY_MESSAGE}, or for a pod with pod-level resources one of
 * the "Pod Scope" texts.
 */
@Value.Immutable
public abstract non-sealed class TopologyAffinityError implements AdmissionCause {

  /** The admission reason. */
  public static final String REASON = AdmissionFailure.TOPOLOGY_AFFINITY_ERROR;

  @Override
  @Value.Parameter
  public abstract String message();

  /** The Topology Manager's rejection, of reason {@value #REASON} and this message. */
  public static TopologyAffinityError of(String message) {
    return ImmutableTopologyAffinityError.of(message);
  }

  @Override
  public String reason() {
    return REASON;
  }
}
