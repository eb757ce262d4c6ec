package io.podtopo.app.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.domain.quirks.KubeletQuirk;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ADR 0008: every {@link KubeletQuirk} has its row in the ADR's table (id, decision, both
 * behaviours, evidence, tests) and is named in its decision's row of decisions.md, so a new quirk
 * cannot go undocumented.
 */
class QuirksDocumentedTest {

  private static final Path DOCS = Path.of("..", "docs");

  private static List<String> lines(String file) throws IOException {
    return Files.readAllLines(DOCS.resolve(file));
  }

  @Test
  void adr0008_everyQuirkHasARowOfSixColumnsInTheAdrsTable() throws IOException {
    List<String> adr = lines("adr/0008-kubelet-quirks.md");
    for (KubeletQuirk quirk : KubeletQuirk.values()) {
      String prefix = "| `" + quirk.id() + "` | " + quirk.decision() + " |";
      assertThat(adr).as(quirk.id()).filteredOn(line -> line.startsWith(prefix)).singleElement()
          .satisfies(row -> assertThat(row.split(" \\| ")).as(row).hasSize(6));
    }
    assertThat(quirkRows(adr.subList(0, adr.indexOf(RETIRED)))).as("no row for a quirk that does not exist")
        .hasSize(KubeletQuirk.values().length);
  }

  @Test
  void adr0008_aRetiredQuirkIsNoLongerAQuirkAndItsRowSaysWhereItWasFixed() throws IOException {
    List<String> adr = lines("adr/0008-kubelet-quirks.md");
    List<String> retired = quirkRows(section(adr, RETIRED));
    assertThat(retired).as("Q-smt-check-before-entry, fixed in v1.37.0").isNotEmpty();
    for (String row : retired) {
      String id = row.substring(3, row.indexOf('`', 3));
      assertThat(KubeletQuirk.values()).as(id).noneMatch(quirk -> quirk.id().equals(id));
      assertThat(row.split(" \\| ")).as(row).hasSize(6);
      assertThat(row.split(" \\| ")[3]).as("fixed in").matches("v1\\.\\d+\\.\\d+.*");
    }
  }

  private static final String RETIRED = "## Quirks retired";

  /** The lines of the section {@code heading} opens, up to the next heading of its level. */
  private static List<String> section(List<String> lines, String heading) {
    int start = lines.indexOf(heading);
    int end = start + 1;
    while (end < lines.size() && !lines.get(end).startsWith("## ")) {
      end++;
    }
    return lines.subList(start, end);
  }

  private static List<String> quirkRows(List<String> lines) {
    return lines.stream().filter(line -> line.startsWith("| `Q-")).toList();
  }

  @Test
  void adr0008_everyQuirkIsNamedInItsDecisionsRow() throws IOException {
    List<String> decisions = lines("spec/decisions.md");
    for (KubeletQuirk quirk : KubeletQuirk.values()) {
      assertThat(decisions).as(quirk.id()).filteredOn(line -> line.startsWith("| " + quirk.decision() + " |"))
          .singleElement().asString().contains("`" + quirk.id() + "`");
    }
  }
}
