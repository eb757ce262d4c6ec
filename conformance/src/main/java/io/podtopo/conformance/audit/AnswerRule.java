package io.podtopo.conformance.audit;

import java.util.List;

/** A rule on the endpoint's answers alone: always checked. */
abstract class AnswerRule extends AuditRule {

  AnswerRule(String id, String summary) {
    super(id, summary);
  }

  @Override
  public final RuleResult check(AuditInput input) {
    return RuleResult.checked(id(), violations(input));
  }

  /** One line per violation, in answer order. */
  abstract List<String> violations(AuditInput input);
}
