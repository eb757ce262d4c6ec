package io.podtopo.archfixture.adapters.linux;

/** An adapter class, used by another adapter in the fixture. */
public final class Sysfs {
  public String root() {
    return "/sys";
  }
}
