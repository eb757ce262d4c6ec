package io.podtopo.app.agent;

import io.podtopo.app.Main;
import java.io.IOException;

/**
 * {@code podtopo} ({@link Main}) in a child JVM of a test, dying with the test: it halts when its
 * standard input ends, which the test never writes to, so only when the test's JVM is gone. A test
 * killed from outside (a surefire timeout, a killed build) leaves no agent scanning behind. The
 * arguments are {@code podtopo}'s.
 */
public final class AgentLauncher {

  private AgentLauncher() {}

  public static void main(String[] args) {
    Thread guard = new Thread(() -> {
      try {
        while (System.in.read() >= 0) {
          continue;
        }
      } catch (IOException e) {
        // the pipe broke: the test is gone as well
      }
      Runtime.getRuntime().halt(3);
    }, "die-with-the-test");
    guard.setDaemon(true);
    guard.start();
    Main.main(args);
  }
}
