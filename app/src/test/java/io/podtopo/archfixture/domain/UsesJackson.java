package io.podtopo.archfixture.domain;

import com.fasterxml.jackson.databind.JsonNode;

/** Breaks domain purity: a library in the domain. */
public final class UsesJackson {
  public String text(JsonNode node) {
    return node.asText();
  }
}
