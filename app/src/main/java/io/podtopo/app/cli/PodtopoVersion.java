package io.podtopo.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/** {@code podtopo --version}: the project version, written into the jar at build time. */
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
    return new String[] {"podtopo " + properties.getProperty("version")};
  }
}
