package io.podtopo.conformance.scenarios;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * An answer listing {@code alternatives} (FORMAT.md, node-scenario: the distinct answers of a
 * scenario that can end more than one way) meets an expectation when one of them does, and fails it
 * naming every alternative's differences otherwise.
 */
class ScenarioComparatorAlternativesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }

  @Test
  void anExpectationMetByOneAlternativePasses() throws Exception {
    JsonNode expect = json("{'steps': [{'defaultCpuSet': '0,3-15'}]}");
    JsonNode output = json("{'steps': [{'defaultCpuSet': '0-1,4-15'}], 'alternatives': ["
        + "{'steps': [{'defaultCpuSet': '0-1,4-15'}]}, {'steps': [{'defaultCpuSet': '0,3-15'}]}]}");

    assertThat(ScenarioComparator.compare(expect, output).passed()).isTrue();
  }

  @Test
  void anExpectationMetByNoAlternativeFailsWithEachOnesDifferences() throws Exception {
    JsonNode expect = json("{'steps': [{'defaultCpuSet': '0-15'}]}");
    JsonNode output = json("{'steps': [{'defaultCpuSet': '0-1,4-15'}], 'alternatives': ["
        + "{'steps': [{'defaultCpuSet': '0-1,4-15'}]}, {'steps': [{'defaultCpuSet': '0,3-15'}]}]}");

    assertThat(ScenarioComparator.compare(expect, output).differences()).containsExactly(
        "alternative 1 of 2: step 1 defaultCpuSet: expected \"0-15\", got \"0-1,4-15\"",
        "alternative 2 of 2: step 1 defaultCpuSet: expected \"0-15\", got \"0,3-15\"");
  }

  @Test
  void withoutAlternativesTheAnswerItselfIsCompared() throws Exception {
    JsonNode expect = json("{'steps': [{'defaultCpuSet': '0-15'}]}");

    assertThat(ScenarioComparator.compare(expect, json("{'steps': [{'defaultCpuSet': '0-15'}]}")).passed()).isTrue();
    assertThat(ScenarioComparator.compare(expect, json("{'steps': [{'defaultCpuSet': '1-15'}]}")).passed()).isFalse();
  }
}
