package io.podtopo.app.cli;

import io.podtopo.domain.quirks.KubeletRelease;
import io.podtopo.domain.quirks.Behaviour;
import picocli.CommandLine.Option;

/**
 * The {@code --behaviour} option of the commands that build a node from user input ({@code simulate},
 * {@code agent}): reproduce kubelet v1.37 at each of its named quirks (the default), or behave as
 * corrected (ADR 0008, {@code docs/adr/0008-kubelet-quirks.md}).
 */
public final class BehaviourOption {

  @Option(names = "--behaviour", paramLabel = "kubelet|spec", defaultValue = "kubelet",
      completionCandidates = BehaviourNames.class,
      description = "kubelet (default): decide as " + KubeletRelease.NAME_WITH_RANGE + " does, its quirks included (a pod re-admitted "
          + "after a restart moved or refused, half cores under full-pcpus-only, ...), and say \"" + KubeletRelease.NAME + " "
          + "would never finish\" or \"would crash\" where it would; spec: the corrected behaviour of every "
          + "quirk, under which the KEP-5526 invariants hold. Each decision a quirk changed names it "
          + "(e.g. Q-lone-sibling (D-21)); docs/adr/0008-kubelet-quirks.md lists them all.")
  String behaviour;

  /** The behaviour asked for. @throws UserInputException for anything but kubelet or spec */
  Behaviour behaviour() {
    try {
      return Behaviour.parse(behaviour);
    } catch (IllegalArgumentException e) {
      throw new UserInputException("--behaviour: " + e.getMessage());
    }
  }
}
