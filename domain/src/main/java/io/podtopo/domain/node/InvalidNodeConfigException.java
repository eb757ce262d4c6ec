package io.podtopo.domain.node;

/**
 * A {@link NodeConfig} the kubelet would refuse to start with. The message names the
 * KubeletConfiguration field first: {@code "<field>: <what is wrong>"}.
 */
public final class InvalidNodeConfigException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String field;

  public InvalidNodeConfigException(String field, String problem) {
    super(field + ": " + problem);
    this.field = field;
  }

  /** The KubeletConfiguration field at fault, e.g. {@code reservedSystemCPUs}. */
  public String field() {
    return field;
  }
}
