package io.podtopo.domain.quirks;

/**
 * Thrown where kubelet v1.37 would never finish or would crash ({@link
 * KubeletQuirk.KubeletOutcome#NEVER_FINISHES}, {@link KubeletQuirk.KubeletOutcome#CRASHES}) and the
 * kubelet's behaviour was asked for: there is no answer to give, only that. The admission turns it
 * into an outcome naming the quirk.
 */
public final class KubeletGivesNoAnswer extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final KubeletQuirk quirk;

  KubeletGivesNoAnswer(KubeletQuirk quirk) {
    super(quirk.noAnswerMessage(""), null, false, false);
    this.quirk = quirk;
  }

  /** The quirk where the kubelet stops answering. */
  public KubeletQuirk quirk() {
    return quirk;
  }
}
