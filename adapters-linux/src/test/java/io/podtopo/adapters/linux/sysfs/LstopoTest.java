package io.podtopo.adapters.linux.sysfs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.podtopo.domain.topology.CpuSet;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;

/**
 * Discovery agrees with hwloc's {@code lstopo} on PUs, packages, cores, L3 caches and NUMA nodes:
 * on this machine's {@code /}, and on fixture trees hwloc reads the same way. {@code lstopo} comes
 * with the Debian package {@code hwloc}, which {@code .ci/run} installs; without it these tests fail.
 *
 * <p>{@code lstopo --input DIR} reads only the sysfs tree under {@code DIR}; plain {@code lstopo}
 * on the host would add what the x86 {@code cpuid} instruction reports (caches a VM's sysfs does
 * not show, which the kubelet's cadvisor does not see either).
 */
class LstopoTest {

  @TempDir
  Path dir;

  @Test
  void theHostAgreesWithLstopo() throws Exception {
    assertAgree(SysfsTopology.read(SysfsTopology.HOST_ROOT), lstopo(SysfsTopology.HOST_ROOT));
  }

  @ParameterizedTest
  @ValueSource(strings = {"64amd64-4s2n4ca2co", "48amd64-4pa2n6c-sparse", "128arm-2pa2n8cluster4co",
      "20em64t-hybrid-1p6c2t+2ca4co1t", "96em64t-4no4pa3ca2co"})
  void aFixtureTreeAgreesWithLstopo(String name) throws Exception {
    run(List.of("tar", "-xjf", Fixtures.archive(name).toAbsolutePath().toString(), "-C", dir.toString()));
    try (var top = Files.list(dir)) {
      Path root = top.findFirst().orElseThrow();
      assertAgree(Fixtures.topology(name), lstopo(root));
    }
  }

  /** What hwloc says, in the terms compared. */
  private record View(CpuSet pus, Map<Integer, CpuSet> packages, List<String> cores, List<String> l3s,
      Map<Integer, CpuSet> nodes, Map<Integer, Long> memory) {}

  private static void assertAgree(SysfsTopology topology, View hwloc) {
    Map<Integer, CpuSet.Builder> packages = new TreeMap<>();
    Map<Integer, CpuSet.Builder> cores = new TreeMap<>();
    Map<Integer, CpuSet.Builder> l3s = new TreeMap<>();
    CpuSet.Builder pus = new CpuSet.Builder();
    for (SysfsTopology.Cpu cpu : topology.cpus()) {
      pus.add(cpu.id());
      if (cpu.socket() >= 0) {
        packages.computeIfAbsent(cpu.socket(), id -> new CpuSet.Builder()).add(cpu.id());
      }
      cores.computeIfAbsent(cpu.core(), id -> new CpuSet.Builder()).add(cpu.id());
      if (cpu.l3() != null) {
        l3s.computeIfAbsent(cpu.l3().group(), id -> new CpuSet.Builder()).add(cpu.id());
      }
    }
    Map<Integer, CpuSet> nodes = new TreeMap<>();
    Map<Integer, Long> memory = new TreeMap<>();
    topology.numaNodes().forEach(node -> {
      nodes.put(node.id(), node.cpus());
      memory.put(node.id(), node.memoryBytes());
    });
    assertThat(pus.build()).as("PUs").isEqualTo(hwloc.pus());
    assertThat(built(packages)).as("packages").isEqualTo(hwloc.packages());
    assertThat(sorted(cores)).as("cores").isEqualTo(hwloc.cores());
    assertThat(sorted(l3s)).as("L3 caches").isEqualTo(hwloc.l3s());
    assertThat(nodes).as("NUMA nodes").isEqualTo(hwloc.nodes());
    assertThat(memory).as("NUMA memory").isEqualTo(hwloc.memory());
  }

  private View lstopo(Path root) throws Exception {
    Path xml = dir.resolve("lstopo.xml");
    run(List.of(lstopoCommand(), "--input", root.toString(), "--of", "xml", "--whole-system", "--force", xml.toString()));
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    Element machine = (Element) factory.newDocumentBuilder()
        .parse(new ByteArrayInputStream(Files.readAllBytes(xml))).getDocumentElement()
        .getElementsByTagName("object").item(0);
    Map<Integer, CpuSet> packages = new TreeMap<>();
    List<String> cores = new ArrayList<>();
    List<String> l3s = new ArrayList<>();
    Map<Integer, CpuSet> nodes = new TreeMap<>();
    Map<Integer, Long> memory = new TreeMap<>();
    var objects = machine.getElementsByTagName("object");
    for (int i = 0; i < objects.getLength(); i++) {
      Element object = (Element) objects.item(i);
      switch (object.getAttribute("type")) {
        case "Package" -> {
          if (object.hasAttribute("os_index")) {
            packages.put(Integer.parseInt(object.getAttribute("os_index")), pus(object));
          }
        }
        case "Core" -> cores.add(pus(object).toString());
        case "L3Cache" -> l3s.add(pus(object).toString());
        case "NUMANode" -> {
          int id = Integer.parseInt(object.getAttribute("os_index"));
          nodes.put(id, pus((Element) object.getParentNode()));
          memory.put(id, object.hasAttribute("local_memory") ? Long.parseLong(object.getAttribute("local_memory")) : 0L);
        }
        default -> { }
      }
    }
    return new View(pus(machine), packages, cores.stream().sorted().toList(), l3s.stream().sorted().toList(),
        nodes, memory);
  }

  /** The os_index of every PU below an object. */
  private static CpuSet pus(Element object) {
    CpuSet.Builder pus = new CpuSet.Builder();
    var objects = object.getElementsByTagName("object");
    for (int i = 0; i < objects.getLength(); i++) {
      Element child = (Element) objects.item(i);
      if (child.getAttribute("type").equals("PU")) {
        pus.add(Integer.parseInt(child.getAttribute("os_index")));
      }
    }
    if (object.getAttribute("type").equals("PU")) {
      pus.add(Integer.parseInt(object.getAttribute("os_index")));
    }
    return pus.build();
  }

  private static String lstopoCommand() {
    for (String folder : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (Files.isExecutable(Path.of(folder, "lstopo"))) {
        return Path.of(folder, "lstopo").toString();
      }
    }
    return fail("lstopo is not installed, so discovery cannot be checked against hwloc: install the Debian "
        + "package hwloc (apt-get install hwloc; .ci/run does it)");
  }

  private static void run(List<String> command) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    byte[] output = process.getInputStream().readAllBytes();
    if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
      fail(String.join(" ", command) + " failed: " + new String(output).strip());
    }
  }

  private static Map<Integer, CpuSet> built(Map<Integer, CpuSet.Builder> groups) {
    Map<Integer, CpuSet> built = new TreeMap<>();
    groups.forEach((id, group) -> built.put(id, group.build()));
    return built;
  }

  private static List<String> sorted(Map<Integer, CpuSet.Builder> groups) {
    return groups.values().stream().map(group -> group.build().toString()).sorted().toList();
  }
}
