package io.podtopo.app.cli;

import io.podtopo.app.Main;
import java.nio.file.Path;

/** Testee command lines for the conformance commands' tests. */
final class TesteeCommands {

  private TesteeCommands() {}

  /** podtopo's own testee ({@code podtopo testee}) in another JVM on this test's class path. */
  static String podtopo() {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    return "'" + java + "' -cp '" + System.getProperty("java.class.path") + "' " + Main.class.getName() + " testee";
  }

  /** {@code command} through {@code sh -c}, its standard output edited by the sed script {@code edit}. */
  static String edited(String command, String edit) {
    return "sh -c " + quote(command + " | sed -u " + quote(edit));
  }

  /** The text as one shell word in single quotes. */
  static String quote(String text) {
    return "'" + text.replace("'", "'\\''") + "'";
  }
}
