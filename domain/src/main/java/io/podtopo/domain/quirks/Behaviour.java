package io.podtopo.domain.quirks;

import io.podtopo.domain.text.GoQuote;
import java.util.Locale;

/**
 * Which behaviour a node reproduces at every {@link KubeletQuirk} (ADR 0008): the kubelet v1.37's,
 * bugs included where it terminates (the default, so that a simulation predicts a real node), or
 * the corrected one the spec describes, under which every invariant holds.
 */
public enum Behaviour {

  /** As kubelet v1.37 does; where it would never finish or would crash, no answer but that. */
  KUBELET,

  /** The corrected behaviour of every quirk; the invariants hold. */
  SPEC;

  /** The name used on command lines and in JSON: {@code kubelet} or {@code spec}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The other behaviour. */
  public Behaviour other() {
    return this == KUBELET ? SPEC : KUBELET;
  }

  /**
   * The behaviour named {@code text} ({@code kubelet} or {@code spec}, as {@link #label()} writes it).
   *
   * @throws IllegalArgumentException naming the text, e.g. {@code unknown behaviour "Spec": expected kubelet or spec}
   */
  public static Behaviour parse(String text) {
    for (Behaviour behaviour : values()) {
      if (behaviour.label().equals(text)) {
        return behaviour;
      }
    }
    throw new IllegalArgumentException("unknown behaviour " + GoQuote.of(String.valueOf(text))
        + ": expected kubelet or spec");
  }
}
