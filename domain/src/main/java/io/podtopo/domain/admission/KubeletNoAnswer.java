package io.podtopo.domain.admission;

import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topologymanager.AdmissionFailure;
import org.immutables.value.Value;

/**
 * Not a kubelet reason: kubelet v1.37 would never finish or would crash admitting the pod, at
 * {@link #quirk()}, so it gives no reason at all (ADR 0008). Reason
 * {@value AdmissionFailure#KUBELET_NO_ANSWER}, the message saying so and naming the quirk.
 */
@Value.Immutable
public abstract non-sealed class KubeletNoAnswer implements AdmissionCause {

  @Value.Parameter
  public abstract KubeletQuirk quirk();

  /** No answer, at {@code quirk}. */
  public static KubeletNoAnswer at(KubeletQuirk quirk) {
    return ImmutableKubeletNoAnswer.of(quirk);
  }

  @Override
  public String reason() {
    return AdmissionFailure.KUBELET_NO_ANSWER;
  }

  @Override
  public String message() {
    return AdmissionFailure.noAnswer(quirk()).message();
  }
}
