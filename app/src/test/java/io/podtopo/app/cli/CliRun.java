package io.podtopo.app.cli;

import io.podtopo.app.Main;
import io.podtopo.app.PodtopoComponent;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** One in-process run of the command line, with what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(PodtopoComponent component, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exitCode = Main.commandLine(component).setOut(new PrintWriter(out)).setErr(new PrintWriter(err))
        .execute(args);
    return new CliRun(exitCode, out.toString(), err.toString());
  }

  static CliRun reference(String... args) {
    return of(PodtopoComponent.reference(), args);
  }

  List<String> outLines() {
    return out.lines().toList();
  }

  String lastOutLine() {
    List<String> lines = outLines();
    return lines.get(lines.size() - 1);
  }

  static String testResourceDir(String name) {
    try {
      return Path.of(CliRun.class.getResource(name).toURI()).toString();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
