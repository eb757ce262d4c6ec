package io.podtopo.archfixture.app;

import io.podtopo.archfixture.domain.node.NodeResourceManagers;

/** A driver that admits through the domain's managers instead of a use case of ports.in. */
public final class StepsTheManagersItself {
  public int simulate(NodeResourceManagers managers) {
    return managers.admit(0);
  }
}
