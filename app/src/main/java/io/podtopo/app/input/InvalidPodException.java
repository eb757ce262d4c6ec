package io.podtopo.app.input;

import io.podtopo.domain.pod.FieldError;
import java.util.List;

/**
 * A manifest's pod that the way it takes to the kubelet refuses ({@code PodRoute}, decision D-42):
 * API validation's errors, in upstream's words, after the file, pod and the route's own refusal.
 */
public final class InvalidPodException extends InputException {
  private static final long serialVersionUID = 1L;

  private final transient List<FieldError> errors;

  InvalidPodException(String message, List<FieldError> errors) {
    super(message);
    this.errors = List.copyOf(errors);
  }

  /** The validation errors, at least one. */
  public List<FieldError> errors() {
    return errors;
  }
}
