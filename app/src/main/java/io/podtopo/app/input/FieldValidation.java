package io.podtopo.app.input;

import java.util.ArrayList;
import java.util.List;

/**
 * What a reader does with a field it does not know, as kubectl's field validation does: by default
 * ({@link #warn}) each is a warning and the field is ignored; {@link #strict} makes the first
 * document with one an {@link InputException}. Unknown fields are named by their path from the
 * document's root, as kubectl names them: {@code unknown field "spec.containers[0].resource"}.
 *
 * <p>Pod manifests (against the Kubernetes Pod API), kubelet configuration files (against
 * {@code KubeletConfiguration} v1beta1) are checked. A scenario file has no field to ignore: a step
 * it does not know is always an error.
 */
public final class FieldValidation {

  private final boolean strict;
  private final List<String> warnings = new ArrayList<>();

  private FieldValidation(boolean strict) {
    this.strict = strict;
  }

  /** Unknown fields are warnings ({@link #warnings}); the default. */
  public static FieldValidation warn() {
    return new FieldValidation(false);
  }

  /** An unknown field is an error. */
  public static FieldValidation strict() {
    return new FieldValidation(true);
  }

  /** {@link #strict} when {@code strict}, else {@link #warn}. */
  public static FieldValidation of(boolean strict) {
    return strict ? strict() : warn();
  }

  /**
   * Reports the unknown fields {@code paths} of the document {@code where} names.
   *
   * @throws InputException in strict mode, when there is one
   */
  void unknown(String where, List<String> paths) {
    if (paths.isEmpty()) {
      return;
    }
    String fields = String.join(", ", paths.stream().map(path -> "unknown field \"" + path + "\"").toList());
    if (strict) {
      throw new InputException(where + ": strict decoding error: " + fields);
    }
    warnings.add(where + ": " + fields);
  }

  /** The warnings so far, in the order found: one line per document, each naming its unknown fields. */
  public List<String> warnings() {
    return List.copyOf(warnings);
  }
}
