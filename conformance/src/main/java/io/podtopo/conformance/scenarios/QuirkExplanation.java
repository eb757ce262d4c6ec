package io.podtopo.conformance.scenarios;

import io.podtopo.domain.node.InvalidNodeConfigException;
import io.podtopo.domain.quirks.KubeletQuirk;
import java.util.List;
import java.util.TreeSet;

/**
 * Why kubelet v1.37 breaks an invariant on a scenario, as far as podtopo's own kubelet behaviour
 * (ADR 0008) knows: the scenario run through the reference in that behaviour
 * ({@link ReferenceScenarioRun}), the quirks its admissions name ({@code Admission.quirks()}) up to
 * the step after which the invariant was found broken, and whether the reference's own answer breaks
 * the invariant too. The breach is explained when the reference breaks it too and names a quirk: a
 * known departure of the kubelet from the spec. Otherwise it is a finding to investigate: a quirk
 * podtopo lacks (the reference keeps the invariant), an invariant broken without a quirk (a spec
 * finding or a checker bug), or a configuration podtopo does not start with.
 *
 * @param quirks the quirks named, in declaration order
 * @param reference what the reference's kubelet behaviour does with the invariant on the scenario
 */
public record QuirkExplanation(List<KubeletQuirk> quirks, Reference reference) {

  /** What the reference in kubelet behaviour does with the invariant on the scenario. */
  public enum Reference {
    /** Its answer breaks the invariant too. */
    BREAKS_IT_TOO,
    /** Its answer keeps the invariant. */
    KEEPS_IT,
    /** It refuses to start with the scenario's configuration, so there is no answer. */
    DOES_NOT_START
  }

  public QuirkExplanation {
    quirks = List.copyOf(quirks);
  }

  /**
   * The explanation of {@code invariant}, found broken after step {@code brokenAfter} (0: the initial
   * state, 1-based otherwise) of {@code scenario}, a scenario in kubelet behaviour.
   */
  public static QuirkExplanation of(NodeScenario scenario, int invariant, int brokenAfter) {
    ReferenceScenarioRun.Run run;
    try {
      run = ReferenceScenarioRun.run(scenario);
    } catch (InvalidNodeConfigException e) {
      return new QuirkExplanation(List.of(), Reference.DOES_NOT_START);
    }
    TreeSet<KubeletQuirk> named = new TreeSet<>();
    run.quirksByStep().stream().limit(brokenAfter).forEach(named::addAll);
    boolean breaks = AnswerReplay.check(scenario, run.answer()).firstBroken().containsKey(invariant);
    return new QuirkExplanation(List.copyOf(named), breaks ? Reference.BREAKS_IT_TOO : Reference.KEEPS_IT);
  }

  /** Whether a named quirk explains the breach: the reference breaks the invariant too and names one. */
  public boolean explained() {
    return reference == Reference.BREAKS_IT_TOO && !quirks.isEmpty();
  }

  /** The quirks' ids, e.g. {@code [Q-lone-sibling]}. */
  public List<String> quirkIds() {
    return quirks.stream().map(KubeletQuirk::id).toList();
  }

  /** One line: the quirks' ids when explained, else {@code UNEXPLAINED} and why. */
  public String describe() {
    if (explained()) {
      return String.join(", ", quirkIds());
    }
    String reached = quirks.isEmpty() ? "" : " (" + String.join(", ", quirkIds()) + " named)";
    return switch (reference) {
      case BREAKS_IT_TOO -> "UNEXPLAINED: podtopo's kubelet behaviour breaks it too and names no quirk";
      case KEEPS_IT -> "UNEXPLAINED: podtopo's kubelet behaviour keeps it" + reached;
      case DOES_NOT_START -> "UNEXPLAINED: podtopo's kubelet behaviour does not start with this configuration";
    };
  }
}
