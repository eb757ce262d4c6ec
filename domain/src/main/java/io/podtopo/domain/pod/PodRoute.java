package io.podtopo.domain.pod;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.PodValidation.EphemeralContainers;
import io.podtopo.domain.text.GoQuote;
import java.util.List;
import java.util.stream.Collectors;

/**
 * How a pod written by a user reaches the kubelet, with the feature gates on the way (decision
 * D-42): each way defaults and validates it differently ({@link PodDefaults},
 * {@link PodValidation}).
 *
 * @param kind through the API server, or from the kubelet's static pod folder
 * @param gates the gates of the side that defaults and validates (podtopo takes the kubelet's for
 *     the API server's too)
 */
public record PodRoute(Kind kind, FeatureGates gates) {

  /** The two ways. */
  public enum Kind {
    /**
     * Created through the API server ({@code simulate}): defaulted by {@link PodDefaults#created}, then
     * validated as on create, except that ephemeral containers are taken (a pod read back from a
     * cluster, {@code kubectl get pods -o yaml}, may carry those added since).
     */
    API_SERVER,
    /**
     * Read by the kubelet from its static pod folder (the agent's pods folder): defaulted by
     * {@link PodDefaults#staticPod}, validated as the file source does ({@code ValidatePodCreate}).
     */
    STATIC_POD
  }

  /** Through the API server, with these gates. */
  public static PodRoute apiServer(FeatureGates gates) {
    return new PodRoute(Kind.API_SERVER, gates);
  }

  /** From the kubelet's static pod folder, with these gates. */
  public static PodRoute staticPod(FeatureGates gates) {
    return new PodRoute(Kind.STATIC_POD, gates);
  }

  /** The pod as this way leaves it for the kubelet. */
  public Pod defaulted(Pod pod) {
    return kind == Kind.API_SERVER ? PodDefaults.created(pod, gates) : PodDefaults.staticPod(pod, gates);
  }

  /** The validation errors of a pod this way defaulted; empty when it reaches the kubelet. */
  public List<FieldError> errors(Pod defaulted) {
    return PodValidation.onCreate(defaulted, gates,
        kind == Kind.API_SERVER ? EphemeralContainers.ALLOWED : EphemeralContainers.FORBIDDEN);
  }

  /**
   * How this way refuses a pod with these errors: the API server's {@code Pod "name" is invalid:
   * [...]} ({@code errors.NewInvalid}, one error without brackets), or the file source's
   * {@code invalid pod: [...]} ({@code tryDecodeSinglePod}); the errors in {@code Error()} form.
   */
  public String refusal(String podName, List<FieldError> errors) {
    String joined = errors.stream().map(FieldError::toString).collect(Collectors.joining(kind == Kind.API_SERVER ? ", " : " "));
    if (kind == Kind.STATIC_POD) {
      return "invalid pod: [" + joined + "]";
    }
    return "Pod " + GoQuote.of(podName) + " is invalid: " + (errors.size() == 1 ? joined : "[" + joined + "]");
  }
}
