package io.podtopo.archfixture.domain;

/** A well-behaved domain class. */
public final class Pure {
  public int twice(int value) {
    return 2 * value;
  }
}
