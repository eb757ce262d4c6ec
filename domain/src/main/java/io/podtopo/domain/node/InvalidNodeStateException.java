package io.podtopo.domain.node;

/**
 * A restored {@link NodeState} a manager refuses at start (upstream {@code validateState}): the
 * message names the manager and carries its upstream text, e.g.
 * {@code cpu manager: default cpuset cannot be empty}.
 */
public final class InvalidNodeStateException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public InvalidNodeStateException(String manager, String problem) {
    super(manager + ": " + problem);
  }
}
