package io.podtopo.domain.quirks;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The {@link Behaviour} of one computation (an admission, a policy call) at every
 * {@link KubeletQuirk}, and the record of the quirks reached on the way.
 *
 * <p>A quirk's code asks {@link #reproducesKubelet} which of its two behaviours to run and calls
 * {@link #reached} whenever the two could decide differently there (the condition may be wider than
 * the difference: an admission then runs again with that quirk's behaviour switched, and names the
 * quirk only if its decision changes). Where the kubelet would never finish or would crash, the
 * quirk's code throws {@link #noAnswer}.
 *
 * <p>One log belongs to one computation: it is mutable and not thread-safe.
 */
public final class QuirkLog {

  private final Behaviour behaviour;
  private final Set<KubeletQuirk> switched;
  private final EnumSet<KubeletQuirk> reached = EnumSet.noneOf(KubeletQuirk.class);

  private QuirkLog(Behaviour behaviour, Set<KubeletQuirk> switched) {
    this.behaviour = behaviour;
    this.switched = switched;
  }

  /** A log reproducing {@code behaviour} at every quirk. */
  public static QuirkLog of(Behaviour behaviour) {
    return new QuirkLog(behaviour, EnumSet.noneOf(KubeletQuirk.class));
  }

  /** A fresh log of the same behaviour except at {@code quirk}, which behaves the other way. */
  public QuirkLog switching(KubeletQuirk quirk) {
    EnumSet<KubeletQuirk> flipped = EnumSet.noneOf(KubeletQuirk.class);
    flipped.addAll(switched);
    if (!flipped.remove(quirk)) {
      flipped.add(quirk);
    }
    return new QuirkLog(behaviour, flipped);
  }

  /** The behaviour asked for (individual quirks may be switched, see {@link #switching}). */
  public Behaviour behaviour() {
    return behaviour;
  }

  /** Whether {@code quirk} behaves as kubelet v1.37 does in this computation. */
  public boolean reproducesKubelet(KubeletQuirk quirk) {
    return (behaviour == Behaviour.KUBELET) != switched.contains(quirk);
  }

  /** Records that the computation reached {@code quirk} where its two behaviours could differ. */
  public void reached(KubeletQuirk quirk) {
    reached.add(quirk);
  }

  /** The quirks reached so far, in declaration order. */
  public List<KubeletQuirk> reachedQuirks() {
    return List.copyOf(reached);
  }

  /**
   * Records {@code quirk} as reached and returns what to throw where the kubelet would never finish
   * or would crash.
   */
  public KubeletGivesNoAnswer noAnswer(KubeletQuirk quirk) {
    reached(quirk);
    return new KubeletGivesNoAnswer(quirk);
  }
}
