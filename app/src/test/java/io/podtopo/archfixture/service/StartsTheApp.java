package io.podtopo.archfixture.service;

import io.podtopo.archfixture.app.Wiring;

/** Breaks the composition-root rule: a service depending on the app. */
public final class StartsTheApp {
  public String start(Wiring wiring) {
    return wiring.name();
  }
}
