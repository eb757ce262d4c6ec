package io.podtopo.archfixture.domain;

import io.podtopo.archfixture.service.Service;

/** Breaks the onion (and closes a domain-service cycle): the domain depends on a service. */
public final class KnowsTheService {
  public int call(Service service) {
    return service.handle();
  }
}
