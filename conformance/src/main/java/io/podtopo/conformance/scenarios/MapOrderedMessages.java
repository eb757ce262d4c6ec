package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A node-scenario answer with the memory kind named by the Memory Manager's pod-scope refusals
 * written as {@code <memory kind>}, so that answers differing only in which kind they name compare
 * equal. The kubelet checks a pod-level pod's memory kinds in Go map order
 * ({@code validatePodScopeResources}, memory {@code policy_static.go}: {@code range podTotalMemory})
 * and names the first it meets whose exclusive containers take the whole budget; where memory and a
 * hugepage size both do, a run names either, and a scenario with several such refusals has more
 * outcomes than the kubelet oracle's runs can show. podtopo names the first in name order (D-1). Only
 * the name is left out: the reason, the decision and the rest of the message are still compared, and
 * {@code memory-allocate} vectors and the invariants hold which kinds can be named.
 */
final class MapOrderedMessages {

  private static final List<Pattern> NAMING_A_KIND = List.of(
      Pattern.compile("^(pod rejected, sum of exclusive container )(memory|hugepages-\\S+)( requests equals pod budget, "
          + "leaving no memory for shared containers)$"),
      Pattern.compile("^(pod rejected, pod has shared init containers but no )(memory|hugepages-\\S+)( available for "
          + "them)$"));

  private MapOrderedMessages() {}

  /** The answer (and each of its {@code alternatives}) with the memory kind of those refusals left out. */
  static JsonNode canonical(JsonNode answer) {
    if (!answer.isObject()) {
      return answer;
    }
    ObjectNode copy = answer.deepCopy();
    rewrite(copy);
    JsonNode alternatives = copy.get("alternatives");
    if (alternatives != null && alternatives.isArray()) {
      alternatives.forEach(MapOrderedMessages::rewrite);
    }
    return copy;
  }

  private static void rewrite(JsonNode answer) {
    for (JsonNode step : answer.path("steps")) {
      JsonNode decision = step.path("decision");
      JsonNode message = decision.path("message");
      if (decision.isObject() && message.isTextual()) {
        ((ObjectNode) decision).put("message", withoutKind(message.asText()));
      }
    }
  }

  static String withoutKind(String message) {
    for (Pattern pattern : NAMING_A_KIND) {
      Matcher matcher = pattern.matcher(message);
      if (matcher.matches()) {
        return matcher.group(1) + "<memory kind>" + matcher.group(3);
      }
    }
    return message;
  }
}
