package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24 item 11: every report for people writes sizes in one convention, the binary suffixes of
 * Kubernetes quantities ({@code 64Gi}, {@code 1536Mi}), rounded and marked with {@code ~} where the
 * exact size would take five digits or more: a NUMA node whose {@code MemTotal} is
 * {@code 24683784 kB} was {@code 23.5 GiB} on the map beside {@code 24683784Ki} in the explanations.
 */
class ReportSizesTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One NUMA node of a real node's MemTotal (24683784 kB, 23.54 GiB), with 2Mi hugepages. */
  private static final String SHAPE = "1s1n12c2t,mem=24683784Ki,hp2m=16";
  /** A pod of 20 CPUs and 24Gi: more memory than the node's ~21.5Gi allocatable. */
  private static final String BIG_POD = "../examples/many-numa/pods/10-pod-20.yaml";

  @TempDir
  Path dir;

  /** The machine of {@link #SHAPE} as a machine JSON file named node7, so that no report repeats the shape. */
  private String node() throws IOException {
    ObjectNode machine = (ObjectNode) JSON.readTree(CliRun.reference("topology", "--machine", SHAPE, "--format", "json")
        .out());
    return Files.writeString(dir.resolve("node7.json"), machine.put("name", "node7").toString()).toString();
  }

  @Test
  void issue24_item11_theTopologyMapWritesNodeMemoryAndHugepagesInTheConvention() throws IOException {
    CliRun table = CliRun.reference("topology", "--machine", node());
    CliRun html = CliRun.reference("topology", "--machine", node(), "--format", "html");

    assertThat(table.out()).contains("NUMA node 0 | ~23.5Gi | hugepages 2Mi x 16 | 24 CPUs: 0-23");
    assertThat(html.out()).contains("NUMA node 0 · ~23.5Gi · hugepages 2Mi x 16");
    assertOneConvention(table.out());
    assertOneConvention(html.out());
  }

  @Test
  void issue24_item11_aRejectionExplainsWhatIsFreeInTheConventionAsTheMapWritesTheNode() throws IOException {
    CliRun table = CliRun.reference("simulate", "--machine", node(), "--pods", BIG_POD, "--explain");
    CliRun html = CliRun.reference("simulate", "--machine", node(), "--pods", BIG_POD, "--format", "html");

    assertThat(table.exitCode()).as(table.err()).isZero();
    assertThat(table.out()).contains("NUMA node 0 | ~23.5Gi | 24 CPUs: 0-23")
        .contains("why: memory: needs 24Gi; free by NUMA node: 0: ~21.5Gi");
    assertThat(html.out()).contains("free: ~21.5Gi");
    assertOneConvention(table.out());
    assertOneConvention(html.out());
  }

  @Test
  void issue24_item11_theCatalogDescribesItsMachinesInTheConventionOfItsMemoryColumn() {
    CliRun machines = CliRun.reference("machines");

    assertThat(machines.out()).containsPattern("demo-2s .* 128Gi .* 2 NUMA nodes of 64Gi");
    assertOneConvention(machines.out());
  }

  private static void assertOneConvention(String report) {
    assertThat(report).doesNotContain("KiB", "MiB", "GiB", "TiB").doesNotContainPattern("[0-9]{5,}(Ki|Mi|Gi)");
  }
}
