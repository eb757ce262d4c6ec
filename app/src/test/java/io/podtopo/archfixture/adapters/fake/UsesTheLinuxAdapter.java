package io.podtopo.archfixture.adapters.fake;

import io.podtopo.archfixture.adapters.linux.Sysfs;

/** Breaks the onion: one adapter depending on another. */
public final class UsesTheLinuxAdapter {
  public String root(Sysfs sysfs) {
    return sysfs.root();
  }
}
