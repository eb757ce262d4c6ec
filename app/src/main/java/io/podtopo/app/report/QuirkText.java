package io.podtopo.app.report;

import io.podtopo.domain.quirks.KubeletRelease;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.quirks.KubeletQuirk;

/**
 * How the reports name kubelet v1.37's quirks (ADR 0008): the behaviour a run decided under, the
 * verdict of an admission (with the kubelet's no-answer outcomes), and one line per quirk that
 * changed a decision, saying what that behaviour did there.
 */
final class QuirkText {

  /** The verdict of an admission that has no answer. */
  static final String NO_ANSWER = "no answer";

  private QuirkText() {}

  /** {@code kubelet} or {@code spec}, as the command lines write it. */
  static String behaviour(Behaviour behaviour) {
    return behaviour.label();
  }

  /** {@code admitted}, {@code rejected: REASON}, or {@code no answer} where the kubelet never finishes or crashes. */
  static String verdict(Admission admission) {
    if (admission.noAnswer().isPresent()) {
      return NO_ANSWER;
    }
    return admission.reason().map(reason -> "rejected: " + reason).orElse("admitted");
  }

  /** {@code Q-lone-sibling (D-21): } and what {@code behaviour} does at that quirk. */
  static String line(KubeletQuirk quirk, Behaviour behaviour) {
    return quirk.label() + ": " + what(quirk, behaviour);
  }

  /** What {@code behaviour} does at {@code quirk}, in one line. */
  static String what(KubeletQuirk quirk, Behaviour behaviour) {
    return behaviour == Behaviour.KUBELET ? quirk.kubeletBehaviour() : quirk.specBehaviour();
  }

  /** What a list of the quirks that changed decisions is headed by, under {@code behaviour}. */
  static String heading(Behaviour behaviour) {
    return behaviour == Behaviour.KUBELET
        ? "quirks that changed a decision (as " + KubeletRelease.NAME + " behaves; --behaviour spec corrects them):"
        : "quirks that changed a decision (corrected; --behaviour kubelet gives " + KubeletRelease.NAME + "'s decisions):";
  }
}
