package io.podtopo.archfixture.conformance;

import io.podtopo.archfixture.adapters.linux.Sysfs;

/** Breaks the conformance rule: the suite depending on an adapter. */
public final class UsesTheLinuxAdapter {
  public String root(Sysfs sysfs) {
    return sysfs.root();
  }
}
