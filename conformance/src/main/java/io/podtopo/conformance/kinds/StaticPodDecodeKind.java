package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.FieldError;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code static-pod-decode}: a manifest read as the kubelet's file source reads a static pod
 * (decision D-42: upstream's {@code extractFromFile}, {@code tryDecodeSinglePod}); podtopo's answer
 * is {@link PodRoute#staticPod}. Output {@code {"error", "qosClass", "pod"}}: the file source's
 * error ({@code invalid pod: [...]}) with {@code qosClass} and {@code pod} null, or no error, the
 * QoS class the kubelet computes for the pod ({@code GetPodQOS}: a static pod has no
 * {@code status.qosClass}) and its resources ({@link HeldPodJson}).
 *
 * <p>Upstream writes the errors of {@code invalid pod: [...]} one after the other, some in Go map
 * order; the comparison takes them as a set (each error starts with its field path, {@code spec.} or
 * {@code metadata.}).
 */
public final class StaticPodDecodeKind implements VectorKind {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
  private static final Pattern INVALID_POD = Pattern.compile("invalid pod: \\[(.*)\\]", Pattern.DOTALL);

  @Override
  public String name() {
    return "static-pod-decode";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    FeatureGates gates = StaticPolicyInputs.gates(input);
    PodRoute route = PodRoute.staticPod(gates);
    Pod read = route.defaulted(ManifestPod.read(input.path("manifest").asText()));
    List<FieldError> errors = route.errors(read);
    ObjectNode output = JSON.objectNode();
    if (!errors.isEmpty()) {
      output.put("error", route.refusal(read.name(), errors));
      output.putNull("qosClass");
      output.putNull("pod");
      return output;
    }
    output.putNull("error");
    output.put("qosClass", read.qosClass(gates).kubernetesName());
    output.set("pod", HeldPodJson.write(read));
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    String wantError = expect.path("error").isNull() ? null : expect.path("error").asText();
    JsonNode gotErrorNode = output.get("error");
    if (gotErrorNode == null || !(gotErrorNode.isNull() || gotErrorNode.isTextual())) {
      return Verdict.fail("error: expected " + (wantError == null ? "null" : "a string") + ", got " + gotErrorNode);
    }
    String gotError = gotErrorNode.isNull() ? null : gotErrorNode.asText();
    if (!Objects.equals(normalized(wantError), normalized(gotError))) {
      return Verdict.fail("error: expected " + wantError + ", got " + gotError);
    }
    return wantError != null ? Verdict.pass() : new Verdict(new ArrayList<>(PodCreateKind.qosAndPod(expect, output)));
  }

  /** The error with the items of {@code invalid pod: [...]} sorted, null for none. */
  static String normalized(String error) {
    if (error == null) {
      return null;
    }
    Matcher matcher = INVALID_POD.matcher(error);
    if (!matcher.matches()) {
      return error;
    }
    String[] items = matcher.group(1).split(" (?=(spec|metadata|status)\\.)");
    Arrays.sort(items);
    return "invalid pod: [" + String.join(" ", items) + "]";
  }
}
