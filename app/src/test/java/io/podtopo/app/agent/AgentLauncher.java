package io.podtopo.app.agent;

import io.podtopo.adapters.linux.store.DieWithTheParent;
import io.podtopo.app.Main;

/**
 * {@code podtopo} ({@link Main}) in a child JVM of a test, dying with the test
 * ({@link DieWithTheParent}): a test killed from outside leaves no agent scanning behind. The
 * arguments are {@code podtopo}'s.
 */
public final class AgentLauncher {

  private AgentLauncher() {}

  public static void main(String[] args) {
    DieWithTheParent.install();
    Main.main(args);
  }
}
