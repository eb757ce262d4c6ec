package io.podtopo.adapters.fake;

import io.podtopo.domain.text.GoQuote;
import java.util.List;

/** A machine name the catalog does not know; the message suggests close names. */
public final class UnknownMachineException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String name;
  private final List<String> suggestions;

  public UnknownMachineException(String name, List<String> suggestions, List<String> known) {
    super("unknown machine " + GoQuote.of(name) + "; "
        + (suggestions.isEmpty()
            ? "known machines: " + String.join(", ", known)
            : "did you mean " + String.join(", ", suggestions) + "?"));
    this.name = name;
    this.suggestions = List.copyOf(suggestions);
  }

  /** The name asked for. */
  public String name() {
    return name;
  }

  /** Catalog names close to it, closest first. */
  public List<String> suggestions() {
    return suggestions;
  }
}
