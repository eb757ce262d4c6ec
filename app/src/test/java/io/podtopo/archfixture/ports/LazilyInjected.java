package io.podtopo.archfixture.ports;

import dagger.Lazy;

/** Breaks the Dagger rule: a port depending on Dagger. */
public interface LazilyInjected {
  Lazy<String> name();
}
