package io.podtopo.domain.topologymanager;

import io.podtopo.domain.quirks.KubeletQuirk;
import org.immutables.value.Value;

/**
 * Why a pod was not admitted: the kubelet's {@code PodAdmitResult} reason and message
 * ({@code GetPodAdmitResult}).
 */
@Value.Immutable
public abstract class AdmissionFailure {

  /** Reason of a Topology Manager rejection. */
  public static final String TOPOLOGY_AFFINITY_ERROR = "TopologyAffinityError";
  /** Reason of an allocation error that carries no type. */
  public static final String UNEXPECTED_ADMISSION_ERROR = "UnexpectedAdmissionError";
  /**
   * Not a kubelet reason: kubelet v1.37 would never finish or would crash admitting the pod, so it
   * gives no reason at all (ADR 0008).
   */
  public static final String KUBELET_NO_ANSWER = "KubeletNoAnswer";

  /** Upstream {@code TopologyAffinityError} message. */
  public static final String TOPOLOGY_AFFINITY_MESSAGE = "Resources cannot be allocated with Topology locality";
  /**
   * The text of the container-scope rejection of a pod with pod-level resources (before the "Pod Scope "
   * prefix): upstream {@code containerScope.Admit} with {@code PodLevelResourceManagers} on.
   */
  public static final String POD_LEVEL_CONTAINER_SCOPE_TEXT =
      "pod with pod-level resources failed admission with a container-level topology manager";
  /** The text of the pod-scope pod-level rejection (before the "Pod Scope " prefix). */
  public static final String POD_LEVEL_POD_SCOPE_TEXT =
      "pod with pod-level resources failed admission under pod-scope topology manager";

  @Value.Parameter
  public abstract String reason();

  @Value.Parameter
  public abstract String message();

  public static AdmissionFailure of(String reason, String message) {
    return ImmutableAdmissionFailure.of(reason, message);
  }

  /** Upstream {@code TopologyAffinityError}. */
  public static AdmissionFailure topologyAffinity() {
    return of(TOPOLOGY_AFFINITY_ERROR, TOPOLOGY_AFFINITY_MESSAGE);
  }

  /** Upstream {@code NewPodLevelTopologyAffinityError(text)}: same reason, message "Pod Scope " + text. */
  public static AdmissionFailure podLevelTopologyAffinity(String text) {
    return of(TOPOLOGY_AFFINITY_ERROR, "Pod Scope " + text);
  }

  /** An allocation error without a type: "Allocate failed due to ..., which is unexpected". */
  public static AdmissionFailure unexpected(String error) {
    return of(UNEXPECTED_ADMISSION_ERROR, "Allocate failed due to " + error + ", which is unexpected");
  }

  /**
   * Where kubelet v1.37 would never finish or would crash at {@code quirk}: reason
   * {@value #KUBELET_NO_ANSWER}, the message saying so and naming the quirk.
   */
  public static AdmissionFailure noAnswer(KubeletQuirk quirk) {
    return of(KUBELET_NO_ANSWER, quirk.noAnswerMessage("admitting this pod"));
  }

  @Override
  public String toString() {
    return reason() + ": " + message();
  }
}
