package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.fake.MachineCatalog;
import org.junit.jupiter.api.Test;

/**
 * Issue 24 item 9: {@code podtopo machines} lists the catalog that {@code --machine NAME} takes, which
 * could only be seen by giving an unknown name; that error now points at it.
 */
class MachinesCommandTest {

  private static final MachineCatalog CATALOG = MachineCatalog.bundled();

  @Test
  void theTableListsEveryMachineOfTheCatalogWithItsSize() {
    CliRun run = CliRun.reference("machines");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.outLines().get(0)).startsWith("NAME").contains("SOCKETS", "NUMA", "CPUS", "MEMORY", "DEVICES");
    assertThat(run.outLines()).hasSize(CATALOG.names().size() + 1);
    assertThat(run.outLines()).anySatisfy(line -> assertThat(line.split("\\s+")).startsWith("demo-2s", "2", "2", "32",
        "128Gi", "0"));
  }

  @Test
  void jsonGivesEveryMachineAsAnEntry() throws Exception {
    JsonNode document = new ObjectMapper().readTree(CliRun.reference("machines", "--format", "json").out());

    assertThat(document.path("machines")).hasSize(CATALOG.names().size());
    assertThat(document.path("machines").findValuesAsText("name")).containsExactlyElementsOf(CATALOG.names());
    JsonNode demo = document.path("machines").get(CATALOG.names().indexOf("demo-2s"));
    assertThat(demo.path("numaNodes").asInt()).isEqualTo(2);
    assertThat(demo.path("cpus").asInt()).isEqualTo(32);
    assertThat(demo.path("memoryBytes").asLong()).isEqualTo(128L << 30);
  }

  @Test
  void anUnknownMachineNamePointsAtTheList() {
    CliRun run = CliRun.reference("simulate", "--machine", "no-such-machine");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.err()).contains("podtopo machines lists them");
  }
}
