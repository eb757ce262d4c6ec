package io.podtopo.app.cli;

import io.podtopo.adapters.linux.cgroup.CgroupDriver;
import java.util.Locale;
import java.util.stream.Stream;

/** The completion candidates of {@code agent --cgroup-driver}: each {@link CgroupDriver}, as the kubelet names it. */
public final class CgroupDriverNames extends CompletionNames {

  public CgroupDriverNames() {
    super(() -> Stream.of(CgroupDriver.values()).map(driver -> driver.name().toLowerCase(Locale.ROOT)).toList());
  }
}
