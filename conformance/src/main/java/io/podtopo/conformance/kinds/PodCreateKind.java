package io.podtopo.conformance.kinds;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.PodJson;
import io.podtopo.conformance.vectors.VectorKind;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.FieldError;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodDefaults;
import io.podtopo.domain.pod.PodValidation;
import io.podtopo.domain.pod.PodValidation.EphemeralContainers;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * {@code pod-create}: the pod as the API server stores it on create (decision D-42), upstream's
 * decoding with the scheme's defaulting, {@code PrepareForCreate} and {@code ValidatePodCreate};
 * podtopo's answer is {@link PodDefaults#created} and {@link PodValidation#onCreate}. Output
 * {@code {"errors": [...], "qosClass", "pod"}}: the validation errors (each as {@code field.Error}
 * writes itself, sorted), or none with the stored pod's {@code status.qosClass} and resources
 * ({@link HeldPodJson}); {@code qosClass} and {@code pod} are null for a refused pod.
 */
public final class PodCreateKind implements VectorKind {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  @Override
  public String name() {
    return "pod-create";
  }

  @Override
  public JsonNode reference(JsonNode input) {
    FeatureGates gates = StaticPolicyInputs.gates(input);
    Pod created = PodDefaults.created(PodJson.pod(input.path("pod")), gates);
    List<FieldError> errors = PodValidation.onCreate(created, gates, EphemeralContainers.FORBIDDEN);
    return answer(errors, created, gates);
  }

  /** The output for a pod and its errors: the errors sorted, and the pod only when there are none. */
  static ObjectNode answer(List<FieldError> errors, Pod pod, FeatureGates gates) {
    ObjectNode output = JSON.objectNode();
    ArrayNode written = output.putArray("errors");
    errors.stream().map(FieldError::toString).sorted().forEach(written::add);
    if (errors.isEmpty()) {
      output.put("qosClass", pod.qosClass(gates).kubernetesName());
      output.set("pod", HeldPodJson.write(pod));
    } else {
      output.putNull("qosClass");
      output.putNull("pod");
    }
    return output;
  }

  @Override
  public Verdict compare(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    List<String> wantErrors = sortedTexts(expect.path("errors"));
    JsonNode gotErrorsNode = output.get("errors");
    if (gotErrorsNode == null || !gotErrorsNode.isArray()) {
      return Verdict.fail("errors: expected a list, got " + gotErrorsNode);
    }
    List<String> gotErrors = sortedTexts(gotErrorsNode);
    if (!wantErrors.equals(gotErrors)) {
      differences.add("errors: expected " + wantErrors + ", got " + gotErrors);
    }
    if (wantErrors.isEmpty()) {
      differences.addAll(qosAndPod(expect, output));
    }
    return new Verdict(differences);
  }

  /** The differences in {@code qosClass} and {@code pod}, where the expectation has a pod. */
  static List<String> qosAndPod(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    String wantQos = expect.path("qosClass").asText(null);
    JsonNode gotQos = output.get("qosClass");
    if (gotQos == null || !gotQos.isTextual() || !Objects.equals(wantQos, gotQos.asText())) {
      differences.add("qosClass: expected " + wantQos + ", got " + gotQos);
    }
    differences.addAll(HeldPodJson.differences(expect.path("pod"), output.get("pod")));
    return differences;
  }

  private static List<String> sortedTexts(JsonNode array) {
    List<String> texts = new ArrayList<>();
    array.forEach(node -> texts.add(node.asText()));
    texts.sort(null);
    return texts;
  }
}
