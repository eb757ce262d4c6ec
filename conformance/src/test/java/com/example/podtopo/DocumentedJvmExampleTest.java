package com.example.podtopo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The Java that {@code docs/conformance.md} shows under "JVM implementations" is
 * {@link ExampleSubjectConformanceTest}'s own code, so the page cannot rot (issue 11).
 */
class DocumentedJvmExampleTest {

  private static final Path DOC = Path.of("..", "docs", "conformance.md");
  private static final Path SOURCE = Path.of("src", "test", "java", "com", "example", "podtopo",
      "ExampleSubjectConformanceTest.java");

  @Test
  void theJavaShownForJvmImplementationsIsTheExampleTestLineForLine() throws IOException {
    String doc = Files.readString(DOC);
    String section = doc.substring(doc.indexOf("## JVM implementations"));
    int start = section.indexOf("```java\n") + "```java\n".length();
    List<String> shown = code(section.substring(start, section.indexOf("```", start)));

    assertThat(shown).hasSizeGreaterThan(10);
    assertThat(Collections.indexOfSubList(code(Files.readString(SOURCE)), shown)).as(String.join("\n", shown))
        .isNotNegative();
  }

  /** The non-blank lines, each stripped of its indentation. */
  private static List<String> code(String text) {
    return text.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
  }
}
