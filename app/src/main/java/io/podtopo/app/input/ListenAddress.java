package io.podtopo.app.input;

import java.net.InetSocketAddress;

/**
 * An address to listen on, written {@code HOST:PORT} as Kubernetes components take them
 * ({@code 127.0.0.1:9464}, {@code [::1]:9464}, {@code :9464} for every address). The host is looked
 * up when the address is made; one that does not resolve is refused where the address is bound.
 */
public final class ListenAddress {

  private ListenAddress() {}

  /** The address {@code text} writes. @throws InputException naming {@code option} when it is not one */
  public static InetSocketAddress parse(String option, String text) {
    int colon = text.lastIndexOf(':');
    try {
      if (colon < 0) {
        throw new NumberFormatException();
      }
      String host = text.substring(0, colon).replaceAll("^\\[|\\]$", "");
      return new InetSocketAddress(host.isEmpty() ? "0.0.0.0" : host, Integer.parseInt(text.substring(colon + 1)));
    } catch (IllegalArgumentException e) {
      throw new InputException(option + " " + text + ": expected HOST:PORT such as 127.0.0.1:9464 or :9464");
    }
  }
}
