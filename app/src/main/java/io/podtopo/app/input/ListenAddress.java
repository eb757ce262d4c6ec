package io.podtopo.app.input;

import java.net.InetSocketAddress;

/**
 * An address to listen on, written {@code HOST:PORT} as Kubernetes components take them
 * ({@code 127.0.0.1:9464}, {@code [::1]:9464}, {@code :9464} for every address), or a port alone
 * ({@code 9464}), which listens on the loopback address only: nothing is reachable from other hosts
 * unless an address says so (issue 12, least privilege). The host is looked up when the address is
 * made; one that does not resolve is refused where the address is bound.
 */
public final class ListenAddress {

  /** Where a port given alone listens. */
  public static final String LOOPBACK = "127.0.0.1";

  private ListenAddress() {}

  /** The address {@code text} writes. @throws InputException naming {@code option} when it is not one */
  public static InetSocketAddress parse(String option, String text) {
    int colon = text.lastIndexOf(':');
    try {
      if (colon < 0) {
        return new InetSocketAddress(LOOPBACK, Integer.parseInt(text));
      }
      String host = text.substring(0, colon).replaceAll("^\\[|\\]$", "");
      return new InetSocketAddress(host.isEmpty() ? "0.0.0.0" : host, Integer.parseInt(text.substring(colon + 1)));
    } catch (IllegalArgumentException e) {
      throw new InputException(option + " " + text + ": expected PORT (on 127.0.0.1 only) or HOST:PORT such as 127.0.0.1:9464 or :9464 (every address)");
    }
  }
}
