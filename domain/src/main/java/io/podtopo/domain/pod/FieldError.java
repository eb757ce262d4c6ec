package io.podtopo.domain.pod;

import io.podtopo.domain.text.GoQuote;

/**
 * One error of API validation, as upstream's {@code field.Error} writes itself ({@code Error()}):
 * the field path, {@code ": "}, then the body: the error type, the bad value where there is one,
 * and the detail ({@code spec.resources.requests: Invalid value: "3": must be less than or equal to
 * cpu limit of 2}).
 */
public record FieldError(String field, String body) {

  /** {@code field.Invalid(field, value, detail)} with a string (or resource name, or quantity) value. */
  static FieldError invalid(String field, String value, String detail) {
    return new FieldError(field, "Invalid value: " + GoQuote.of(value) + ": " + detail);
  }

  /** {@code field.Required(field, detail)}; an empty detail is left out, as upstream leaves it. */
  static FieldError required(String field, String detail) {
    return new FieldError(field, detail.isEmpty() ? "Required value" : "Required value: " + detail);
  }

  /** {@code field.Forbidden(field, detail)}. */
  static FieldError forbidden(String field, String detail) {
    return new FieldError(field, "Forbidden: " + detail);
  }

  /** {@code field.NotSupported(field, value, supported)}, of one or more supported values. */
  static FieldError notSupported(String field, String value, String first, String... others) {
    StringBuilder body = new StringBuilder("Unsupported value: ").append(GoQuote.of(value))
        .append(": supported values: ").append(GoQuote.of(first));
    for (String supported : others) {
      body.append(", ").append(GoQuote.of(supported));
    }
    return new FieldError(field, body.toString());
  }

  /** The error as upstream's {@code Error()} writes it. */
  @Override
  public String toString() {
    return field + ": " + body;
  }
}
