package io.podtopo.app.cli;

import io.podtopo.app.input.FieldValidation;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * The {@code --strict} option of the commands that read Pod manifests or a kubelet configuration:
 * an unknown field is an error with it and a warning without it, as kubectl's
 * {@code --validate=strict} and {@code --validate=warn}.
 */
public final class StrictFields {

  @Option(names = "--strict", description = "A field that Pods or KubeletConfiguration do not have (e.g. "
      + "resource: for resources:) is an error (exit 2), as kubectl's --validate=strict; without it each one "
      + "is a warning on standard error and the field is ignored.")
  boolean strict;

  /** A validation for one run of the command. */
  FieldValidation validation() {
    return FieldValidation.of(strict);
  }

  /** Prints {@code fields}' warnings on {@code err}, one {@code Warning: ...} line each, as kubectl does. */
  static void print(FieldValidation fields, PrintWriter err) {
    fields.warnings().forEach(warning -> err.println("Warning: " + warning));
    err.flush();
  }
}
