package io.podtopo.domain.cpumanager;

/**
 * A configuration or state error of the {@code static} policy: bad options, a reserved set of the
 * wrong size, or a state that {@code Start} refuses. The message is upstream's exact text.
 */
public final class StaticPolicyException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public StaticPolicyException(String message) {
    super(message);
  }
}
