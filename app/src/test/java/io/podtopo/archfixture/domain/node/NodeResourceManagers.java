package io.podtopo.archfixture.domain.node;

/** The fixture's node resource managers, with one stepping function. */
public final class NodeResourceManagers {
  public int admit(int state) {
    return state + 1;
  }
}
