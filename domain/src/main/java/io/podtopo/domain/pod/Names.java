package io.podtopo.domain.pod;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The API server's checks of names ({@code apimachinery/pkg/util/validation}): a pod's name is a
 * lowercase RFC 1123 subdomain ({@code IsDNS1123Subdomain}, {@code ValidatePodName}), a container's a
 * lowercase RFC 1123 label ({@code IsDNS1123Label}), each error worded as upstream words it.
 */
final class Names {

  private static final String LABEL_FORMAT = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
  private static final String SUBDOMAIN_FORMAT = LABEL_FORMAT + "(\\." + LABEL_FORMAT + ")*";
  private static final Pattern LABEL = Pattern.compile(LABEL_FORMAT);
  private static final Pattern SUBDOMAIN = Pattern.compile(SUBDOMAIN_FORMAT);
  /** {@code IsDNS1123Subdomain}'s {@code RegexError}, examples and regex included. */
  static final String SUBDOMAIN_MESSAGE = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric "
      + "characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex "
      + "used for validation is '" + SUBDOMAIN_FORMAT + "')";
  private static final int LABEL_MAX = 63;
  private static final int SUBDOMAIN_MAX = 253;

  private Names() {}

  /** Whether {@code name} matches {@code IsDNS1123Subdomain}'s regex (its length is not checked). */
  static boolean isSubdomain(String name) {
    return SUBDOMAIN.matcher(name).matches();
  }

  /** {@code IsDNS1123Subdomain} as {@code ValidateObjectMeta} reports it; an empty name is required. */
  static List<FieldError> subdomain(String field, String name) {
    return dns1123(field, name, "name or generateName is required", SUBDOMAIN_MAX, SUBDOMAIN, SUBDOMAIN_MESSAGE);
  }

  /** {@code IsDNS1123Label} as {@code validateContainerCommon} reports it; an empty name is required. */
  static List<FieldError> label(String field, String name) {
    return dns1123(field, name, "", LABEL_MAX, LABEL, "a lowercase RFC 1123 label must consist of lower case "
        + "alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. "
        + "'my-name',  or '123-abc', regex used for validation is '" + LABEL_FORMAT + "')");
  }

  /** A name against one of the DNS-1123 forms: required when empty, else its length and its pattern. */
  private static List<FieldError> dns1123(String field, String name, String required, int max, Pattern form,
      String formMessage) {
    if (name.isEmpty()) {
      return List.of(FieldError.required(field, required));
    }
    List<FieldError> errors = new ArrayList<>();
    if (name.length() > max) {
      errors.add(FieldError.invalid(field, name, "must be no more than " + max + " characters"));
    }
    if (!form.matcher(name).matches()) {
      errors.add(FieldError.invalid(field, name, formMessage));
    }
    return errors;
  }
}
