package io.podtopo.domain.node;

/**
 * A restored {@link NodeState} a manager refuses at start (upstream {@code validateState}): the
 * message is the kubelet's, the container manager's {@code Start} wrapping the manager's upstream
 * text ({@code cm/container_manager_linux.go}: {@code "start cpu manager error: %w"}, {@code
 * "start memory manager error: %w"}), e.g. {@code start cpu manager error: default cpuset cannot be
 * empty}.
 */
public final class InvalidNodeStateException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** {@code manager}: {@code cpu manager} or {@code memory manager}; {@code problem}: the manager's text. */
  public InvalidNodeStateException(String manager, String problem) {
    super("start " + manager + " error: " + problem);
  }
}
