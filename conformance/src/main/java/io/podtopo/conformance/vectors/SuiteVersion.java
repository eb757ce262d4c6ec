package io.podtopo.conformance.vectors;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * Which conformance suite ran: the Maven artifact that holds the runner, the comparators and the
 * bundled vectors ({@code io.podtopo:podtopo-conformance}) and its version, both written into it at
 * build time. Reports name it beside the subject and each vector file's SHA-256.
 */
public record SuiteVersion(String artifact, String version) {

  private static final String RESOURCE = "/io/podtopo/conformance/suite.properties";

  /** The suite on the classpath. */
  public static SuiteVersion current() {
    Properties properties = new Properties();
    try (InputStream in = SuiteVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the classpath");
      }
      properties.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new SuiteVersion(properties.getProperty("artifact"), properties.getProperty("version"));
  }

  /** {@code groupId:artifactId:version}, as a Maven dependency names it. */
  public String coordinates() {
    return artifact + ":" + version;
  }
}
