package io.podtopo.archfixture.app;

/** The fixture's composition root. */
public final class Wiring {
  public String name() {
    return "wiring";
  }
}
