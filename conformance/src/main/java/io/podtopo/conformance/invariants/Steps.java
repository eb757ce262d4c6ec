package io.podtopo.conformance.invariants;

import io.podtopo.ports.in.ScenarioStep;

/** What the transition checks read off a {@link ScenarioStep} beyond its kind. */
final class Steps {

  private Steps() {}

  /** The uid of the pod the step admits or removes (or one container of); empty for a restart. */
  static String podUid(ScenarioStep step) {
    if (step instanceof ScenarioStep.Admit admit) {
      return admit.pod().uid();
    }
    if (step instanceof ScenarioStep.RemoveContainer removal) {
      return removal.podUid();
    }
    return step instanceof ScenarioStep.RemovePod removal ? removal.podUid() : "";
  }

  /** How a violation's message names the step: {@code Admit}, {@code RemoveContainer}, {@code RemovePod}, {@code Restart}. */
  static String kind(ScenarioStep step) {
    if (step instanceof ScenarioStep.Admit) {
      return "Admit";
    }
    if (step instanceof ScenarioStep.RemoveContainer) {
      return "RemoveContainer";
    }
    return step instanceof ScenarioStep.RemovePod ? "RemovePod" : "Restart";
  }
}
