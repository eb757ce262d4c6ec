package io.podtopo.app.cli;

import io.podtopo.domain.quirks.KubeletRelease;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code podtopo --version}: the project version, written into the jar at build time, and the kubelet
 * release whose decisions podtopo reproduces by default ({@link KubeletRelease}, the release its oracle
 * pins).
 */
public final class PodtopoVersion implements CommandLine.IVersionProvider {

  @Override
  public String[] getVersion() {
    Properties properties = new Properties();
    try (InputStream in = PodtopoVersion.class.getResourceAsStream("/io/podtopo/app/version.properties")) {
      if (in == null) {
        throw new IllegalStateException("version.properties is missing from the classpath");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new String[] {"podtopo " + properties.getProperty("version"), "reproduces " + KubeletRelease.NAME_WITH_RANGE};
  }
}
