package io.podtopo.adapters.linux.store;

import java.io.IOException;

/**
 * For a child JVM a test starts (a state writer here, an agent in app's tests): it halts when its
 * standard input ends, which the test never writes to, so only when the test's JVM is gone. A test
 * killed from outside (a surefire timeout, a killed build) leaves no child saving or scanning behind.
 */
public final class DieWithTheParent {

  private DieWithTheParent() {}

  /** Starts the daemon thread that watches standard input and halts the JVM (status 3) when it ends. */
  public static void install() {
    Thread guard = new Thread(() -> {
      try {
        while (System.in.read() >= 0) {
          continue;
        }
      } catch (IOException e) {
        // the pipe broke: the parent is gone as well
      }
      Runtime.getRuntime().halt(3);
    }, "die-with-the-parent");
    guard.setDaemon(true);
    guard.start();
  }
}
