package io.podtopo.archfixture.service;

import io.podtopo.archfixture.domain.Pure;

/** A service on the domain, as it should be. */
public final class Service {
  public int handle() {
    return new Pure().twice(21);
  }
}
