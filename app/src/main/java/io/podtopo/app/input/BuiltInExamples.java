package io.podtopo.app.input;

import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The repository's {@code examples/} folder as packaged in the jar, so that
 * {@code podtopo simulate} without arguments runs the KEP-5526 examples from anywhere. Names are
 * paths below {@code examples/}, such as {@code kubelet/pod-scope.yaml}.
 */
public final class BuiltInExamples {

  private static final String ROOT = "/io/podtopo/app/examples/";

  private BuiltInExamples() {}

  /** The kubelet configuration {@code examples/<name>}. */
  public static NodeSettings kubeletConfig(String name) {
    try (Reader reader = open(name)) {
      return KubeletConfigFile.parse(source(name), reader, FieldValidation.strict());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The pods of the files {@code examples/<name>}, in the order given, read as {@code route} says. */
  public static List<Pod> pods(List<String> names, PodRoute route) {
    List<Pod> pods = new ArrayList<>();
    for (String name : names) {
      try (Reader reader = open(name)) {
        pods.addAll(PodManifests.parse(source(name), reader, FieldValidation.strict(), route));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return List.copyOf(pods);
  }

  /** How a built-in file is named in output and errors: {@code examples/<name>}. */
  public static String source(String name) {
    return "examples/" + name;
  }

  private static Reader open(String name) {
    InputStream stream = BuiltInExamples.class.getResourceAsStream(ROOT + name);
    if (stream == null) {
      throw new IllegalStateException("the jar lacks the built-in example " + source(name));
    }
    return new InputStreamReader(stream, StandardCharsets.UTF_8);
  }
}
