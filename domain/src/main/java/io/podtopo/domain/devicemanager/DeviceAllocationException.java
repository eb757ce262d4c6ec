package io.podtopo.domain.devicemanager;

/**
 * The Device Manager could not give a container its devices; the message is upstream's error text
 * (the kubelet reports it as {@code UnexpectedAdmissionError}).
 */
public final class DeviceAllocationException extends Exception {

  private static final long serialVersionUID = 1L;

  public DeviceAllocationException(String message) {
    super(message);
  }
}
