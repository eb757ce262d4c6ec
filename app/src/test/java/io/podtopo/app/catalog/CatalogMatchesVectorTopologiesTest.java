package io.podtopo.app.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.domain.topology.Machine;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The catalog's upstream test topologies are the bundled vectors' topology fixtures, CPU for CPU
 * (id, core, socket, NUMA node, uncore cache) and NUMA node for NUMA node.
 */
class CatalogMatchesVectorTopologiesTest {

  private static final String VECTORS = "/io/podtopo/conformance/vectors/";

  @Test
  void everyVectorTopologyIsInTheCatalogCpuForCpu() throws IOException {
    Map<String, Machine> fixtures = vectorTopologies();
    MachineCatalog catalog = MachineCatalog.bundled();

    assertThat(fixtures).hasSizeGreaterThanOrEqualTo(11);
    fixtures.forEach((name, fixture) -> {
      Machine machine = catalog.machine(name);
      assertThat(machine.cpus()).as(name).containsExactlyElementsOf(fixture.cpus());
      assertThat(machine.numaNodes()).as(name).containsExactlyElementsOf(fixture.numaNodes());
      assertThat(machine.distances()).as(name).isEqualTo(fixture.distances());
    });
  }

  private static Map<String, Machine> vectorTopologies() throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    Map<String, Machine> fixtures = new TreeMap<>();
    for (String file : resource("index.txt").lines().map(String::strip).filter(l -> l.endsWith(".json")).toList()) {
      JsonNode topologies = mapper.readTree(resource(file)).path("topologies");
      for (Map.Entry<String, JsonNode> topology : topologies.properties()) {
        fixtures.put(topology.getKey(), FixtureJson.machine(topology.getValue()));
      }
    }
    return fixtures;
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = CatalogMatchesVectorTopologiesTest.class.getResourceAsStream(VECTORS + name)) {
      assertThat(in).as(name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
