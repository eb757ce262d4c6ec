package io.podtopo.app.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.audit.AuditResult;
import io.podtopo.conformance.audit.RuleResult;
import io.podtopo.conformance.audit.RuleStatus;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Audit runs as JSON Lines: one compact object per run on one line, so that {@code --every} gives a
 * stream a program reads line by line; the schema is in {@code docs/guide/podresources.md}. Keys come
 * in a fixed order and rules in report order, so the same answers give byte-identical lines.
 */
public final class AuditJson {

  private static final ObjectMapper JSON = new ObjectMapper();

  private AuditJson() {}

  /** The line of one run. */
  public static String line(AuditedEndpoint run) {
    ObjectNode root = JSON.createObjectNode();
    root.put("socket", run.socket().toString());
    root.put("pods", run.input().pods().pods().size());
    ObjectNode scope = root.putObject("scope");
    scope.put("podLevelFields", run.input().scope().podLevelFields().name().toLowerCase(Locale.ROOT));
    scope.put("source", run.input().scope().source());
    if (run.cgroupTree().isPresent()) {
      root.put("cgroupRoot", run.cgroupTree().get().cgroupRoot());
    } else {
      root.putNull("cgroupRoot");
    }
    root.put("cgroups", run.input().cgroups().map(tree -> tree.size()).orElse(0));
    ArrayNode rules = root.putArray("rules");
    for (RuleResult result : run.result().results()) {
      ObjectNode rule = rules.addObject();
      rule.put("id", result.rule());
      rule.put("result", result.status().label());
      result.violations().forEach(rule.putArray("violations")::add);
      if (result.status() == RuleStatus.NOT_CHECKED) {
        rule.put("reason", result.reason());
      } else {
        rule.putNull("reason");
      }
    }
    AuditResult result = run.result();
    root.put("passed", result.count(RuleStatus.PASS));
    root.put("failed", result.count(RuleStatus.FAIL));
    root.put("notChecked", result.count(RuleStatus.NOT_CHECKED));
    return write(root);
  }

  /** The line of a run that could not ask the endpoint at {@code socket}: its {@code error}. */
  public static String unreachable(Path socket, String error) {
    ObjectNode root = JSON.createObjectNode();
    root.put("socket", socket.toString());
    root.put("error", error);
    return write(root);
  }

  private static String write(ObjectNode root) {
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
