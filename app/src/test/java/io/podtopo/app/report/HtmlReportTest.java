package io.podtopo.app.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.adapters.fake.MachineShape;
import io.podtopo.app.FreshJvm;
import io.podtopo.app.input.BuiltInExamples;
import io.podtopo.app.input.BuiltInKubeletConfig;
import io.podtopo.app.input.FieldValidation;
import io.podtopo.app.input.NodeConfigs;
import io.podtopo.app.input.PodManifests;
import io.podtopo.app.input.ScenarioScript;
import io.podtopo.app.simulate.KepExamples;
import io.podtopo.app.simulate.KubeletStateStart;
import io.podtopo.app.simulate.Simulation;
import io.podtopo.app.simulate.SimulationRun;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.AllocatableResources;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.in.ScenarioStep;
import io.podtopo.ports.in.Simulator;
import io.podtopo.service.SimulatorService;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * Issue 10, the HTML report without a browser: its structure (one element per CPU carrying its
 * owner, the same owners as the text map, legend entries naming pods and containers, memory bars
 * that add up, rejections with their explanation), escaping, and that it loads nothing.
 */
class HtmlReportTest {

  /** Pods as created through the API server, the gates at their v1.37 defaults (D-42). */
  private static final PodRoute API_SERVER = PodRoute.apiServer(FeatureGates.defaults());

  private static final MachineCatalog CATALOG = MachineCatalog.bundled();
  private static final Simulation SIMULATION = new Simulation(new SimulatorService());
  private static final List<SimulationRun> KEP = KepExamples.runs(SIMULATION, CATALOG);

  @Test
  void everyCpuOfEveryRunIsOneElementCarryingTheOwnerOfTheTextMap() throws Exception {
    Document page = parse(HtmlReport.simulation(KEP, false, false));

    for (int run = 0; run < KEP.size(); run++) {
      Map<Integer, CpuOwner> owners = SimulationOwners.of(KEP.get(run));
      NodeList cpus = nodes(page, "//section[@data-run='" + (run + 1) + "']//*[@class='cpu']");
      Map<Integer, String> drawn = new TreeMap<>();
      for (int i = 0; i < cpus.getLength(); i++) {
        Element cpu = (Element) cpus.item(i);
        assertThat(drawn.put(Integer.parseInt(cpu.getAttribute("data-cpu")), cpu.getAttribute("data-owner")))
            .as("CPU %s drawn once", cpu.getAttribute("data-cpu")).isNull();
      }
      Map<Integer, String> expected = new TreeMap<>();
      owners.forEach((cpu, owner) -> expected.put(cpu, OwnerStyle.key(owner)));
      assertThat(drawn).isEqualTo(expected);
      assertThat(drawn).hasSize(KEP.get(run).machine().cpus().size());
    }
  }

  @Test
  void theLegendNamesEveryOwnerWithItsPodAndContainer() throws Exception {
    Document page = parse(HtmlReport.simulation(KEP, false, false));

    String legend = text(page, "//section[@data-run='1']//ul[@class='legend']");
    assertThat(legend).contains("reserved for the system", "node shared pool",
        "exclusive slice of container main-app in pod default/pod-scope-mixed",
        "exclusive slice of container metrics-sidecar in pod default/pod-scope-mixed",
        "pod shared pool of pod default/pod-scope-mixed", "pod shared pool of pod default/shared-only");
    NodeList entries = nodes(page, "//section[@data-run='1']//ul[@class='legend']/li");
    List<String> keys = new ArrayList<>();
    for (int i = 0; i < entries.getLength(); i++) {
      keys.add(((Element) entries.item(i)).getAttribute("data-owner"));
    }
    assertThat(keys).containsAll(SimulationOwners.of(KEP.get(0)).values().stream().map(OwnerStyle::key).toList())
        .doesNotHaveDuplicates();
  }

  @Test
  void memoryBarsSplitEveryNodeByOwnerAndAddUpToTheManagersTables() {
    SimulationRun podScope = KEP.get(0);
    List<MemoryBar> bars = SimulationOwners.memory(podScope);

    MemoryBar node0 = bars.stream().filter(bar -> bar.node() == 0 && bar.type().equals("memory")).findFirst()
        .orElseThrow();
    assertThat(node0.owners()).containsEntry(CpuOwner.exclusive("default/pod-scope-mixed main-app"), 4L << 30)
        .containsEntry(CpuOwner.exclusive("default/pod-scope-mixed metrics-sidecar"), 512L << 20)
        .containsEntry(CpuOwner.podShared("default/pod-scope-mixed"), 1536L << 20)
        .containsEntry(CpuOwner.podShared("default/shared-only"), 4L << 30);
    assertThat(node0.other()).as("every reserved byte has an owner").isZero();
    var table = podScope.finalState().memory().machineState().table(0, "memory").orElseThrow();
    assertThat(node0.total()).isEqualTo(table.systemReserved() + table.allocatable());
    assertThat(node0.free()).isEqualTo(table.free());
  }

  @Test
  void rejectionsCarryReasonMessageAndExplanation() throws Exception {
    Document page = parse(HtmlReport.simulation(KEP, false, false));

    Element rejection = (Element) nodes(page, "//div[@class='rejection']").item(0);
    assertThat(rejection.getAttribute("data-pod")).isEqualTo("default/empty-shared-pool");
    assertThat(rejection.getTextContent()).contains("TopologyAffinityError",
        "Pod Scope pod with pod-level resources failed admission", "topology manager, pod scope:",
        "cpu manager: cpu none (cannot be satisfied)");
    assertThat(nodes(page, "//div[@class='rejection']/ul[@class='why']/li").item(0).getTextContent())
        .as("the rejection in plain words, as the text report gives it")
        .startsWith("why: cpu: the pod's budget (spec.resources) is 4 CPUs;");
    assertThat(nodes(page, "//div[@class='rejection']/ul[@class='why']/li[@class='fix']").item(0).getTextContent())
        .isEqualTo("fix: ask for 5 CPUs instead of 4 and 5Gi of memory instead of 4Gi in spec.resources (requests and limits)");
    assertThat(nodes(page, "//tr[@class='rejected']").getLength()).isEqualTo(3);
    assertThat(nodes(page, "//details[@class='explain']").getLength()).as("without --explain: rejections only")
        .isEqualTo(1);
    assertThat(nodes(parse(HtmlReport.simulation(KEP, true, false)), "//details[@class='explain']").getLength())
        .isEqualTo(KEP.stream().mapToInt(run -> run.pods().size()).sum());
  }

  @Test
  void aScenarioHasOneFrameOfTheMachinePerStep_issue10() throws Exception {
    Machine machine = CATALOG.machine("demo-2s");
    Pod web = PodManifests.parse("web.yaml", new StringReader("""
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          resources: {requests: {cpu: "3", memory: 3Gi}, limits: {cpu: "3", memory: 3Gi}}
          containers:
            - name: app
              resources: {limits: {cpu: "2", memory: 2Gi}}
            - name: sidecar
        """), FieldValidation.strict(), API_SERVER).get(0);
    ScenarioScript script = new ScenarioScript(List.of(ScenarioStep.admit(web),
        ScenarioStep.removeContainer(web.uid(), "app"), ScenarioStep.removePod(web.uid())),
        List.of("default/web", "default/web", "default/web"));
    SimulationRun run = SIMULATION.run("scenario", "built-in",
        NodeConfigs.managers(BuiltInKubeletConfig.fittedTo(machine), machine), script, Simulator.StepProgress.none());

    Document page = parse(HtmlReport.simulation(List.of(run), false, false));

    NodeList frames = nodes(page, "//details[@class='step']");
    assertThat(frames.getLength()).isEqualTo(3);
    for (int step = 1; step <= 3; step++) {
      NodeList cpus = nodes(page, "//details[@data-step='" + step + "']//*[@class='cpu']");
      assertThat(cpus.getLength()).as("one element per CPU in frame %s", step).isEqualTo(machine.cpus().size());
    }
    assertThat(text(page, "//details[@data-step='1']//ul[@class='legend']")).contains("app in pod default/web");
    // The exited app keeps its slice while its pod is active, as the kubelet keeps it (NA-21).
    assertThat(text(page, "//details[@data-step='2']//ul[@class='legend']"))
        .contains("exclusive slice of container app in pod default/web");
    assertThat(text(page, "//details[@data-step='3']//ul[@class='legend']")).doesNotContain("default/web");
  }

  @Test
  void tableCellsAreTheRowsOfTheTextTable() throws Exception {
    Document page = parse(HtmlReport.simulation(KEP, false, false));

    List<String[]> rows = SimulationTable.rows(KEP.get(1));
    NodeList cells = nodes(page, "//section[@data-run='2']//table[@class='rows']/tbody/tr[1]/td");
    assertThat(cells.getLength()).isEqualTo(rows.get(1).length);
    for (int i = 0; i < cells.getLength(); i++) {
      assertThat(cells.item(i).getTextContent()).isEqualTo(rows.get(1)[i]);
    }
  }

  @Test
  void namesWithMarkupCharactersAreEscapedEverywhere() throws Exception {
    Machine machine = MachineShape.parse("1s1n4c2t,mem=8Gi").toMachine();
    String pod = "we<b>&\"x'";
    PodResources resources = new PodResources.Builder().name(pod).namespace("n<s>").cpuIds(CpuSet.of(1, 2, 5, 6))
        .addMemory(MemoryBlock.of(List.of(0), "memory", 2L << 30))
        .addContainers(new ContainerResources.Builder().name("c<&\">").cpuIds(CpuSet.of(1, 5))
            .addMemory(MemoryBlock.of(List.of(0), "memory", 1L << 30)).build())
        .build();
    InspectedEndpoint endpoint = new InspectedEndpoint(Path.of("/run/<x>.sock"),
        new PodResourcesView.Builder().addPod(resources).build(), false,
        new AllocatableResources.Builder().cpuIds(CpuSet.of(1, 2, 3, 4, 5, 6, 7))
            .addMemory(MemoryBlock.of(List.of(0), "memory", 6L << 30)).build(),
        Optional.of(machine));

    String html = HtmlReport.inspect(endpoint);
    Document page = parse(html);

    assertThat(html).doesNotContain(pod, "c<&\">", "<x>").contains("we&lt;b&gt;&amp;&quot;x&#39;");
    String owner = "exclusive:n<s>/" + pod + " c<&\">";
    Map<Integer, String> owners = new TreeMap<>();
    NodeList cpus = nodes(page, "//*[@class='cpu']");
    for (int i = 0; i < cpus.getLength(); i++) {
      Element cpu = (Element) cpus.item(i);
      owners.put(Integer.parseInt(cpu.getAttribute("data-cpu")), cpu.getAttribute("data-owner"));
    }
    assertThat(owners).hasSize(8).containsEntry(0, "reserved").containsEntry(1, owner).containsEntry(5, owner)
        .containsEntry(2, "pod-shared:n<s>/" + pod).containsEntry(6, "pod-shared:n<s>/" + pod)
        .containsEntry(3, "node-shared").containsEntry(7, "node-shared");
    assertThat(text(page, "//ul[@class='legend']")).contains("exclusive slice of container c<&\"> in pod n<s>/" + pod);
    assertThat(text(page, "//table[@class='rows']")).contains("n<s>/" + pod, "c<&\">");
  }

  @Test
  void pagesLoadNothingFromAnywhere() {
    List<String> pages = List.of(HtmlReport.simulation(KEP, true, false),
        HtmlReport.topology(CATALOG.machine("gb200-tray")), HtmlReport.topology(CATALOG.machine("epyc-9654-2s-nps4")));
    for (String html : pages) {
      assertThat(html).doesNotContain("http://", "https://", "src=", "<script", "@import", "@font-face", "//fonts")
          .startsWith("<!DOCTYPE html>");
      assertThat(html.split("url\\(", -1)).as("every url( refers to a pattern of the page")
          .allSatisfy(part -> assertThat(part).doesNotStartWith("http"));
      assertThat(html.replaceAll("url\\(#pat-[a-z-]+\\)", "")).doesNotContain("url(");
      assertThat(html).containsOnlyOnce("<link ").contains("<link rel=\"icon\" href=\"data:,\"/>");
    }
  }

  @Test
  void topologyOfTwoCpusAndOf512CpusShowsEveryCpuOnceWithoutOwners() throws Exception {
    for (String shape : List.of("1s1n1c2t", "2s4n64c2t")) {
      Machine machine = MachineShape.parse(shape).toMachine();
      Document page = parse(HtmlReport.topology(machine));

      NodeList cpus = nodes(page, "//*[@class='cpu']");
      assertThat(cpus.getLength()).as(shape).isEqualTo(machine.cpus().size());
      for (int i = 0; i < cpus.getLength(); i++) {
        assertThat(((Element) cpus.item(i)).getAttribute("data-owner")).isEqualTo(OwnerStyle.UNASSIGNED);
      }
      Element svg = (Element) nodes(page, "//*[local-name()='svg' and @class='machine']").item(0);
      assertThat(Integer.parseInt(svg.getAttribute("width"))).as("the width stays, cores wrap")
          .isEqualTo(MachineSvg.WIDTH);
      assertThat(nodes(page, "//*[@class='numa']").getLength()).isEqualTo(machine.numaNodes().size());
    }
  }

  @Test
  void topologyShowsHugepagesCpulessNodesL3GroupsAndDistances() throws Exception {
    Document gb200 = parse(HtmlReport.topology(CATALOG.machine("gb200-tray")));
    assertThat(nodes(gb200, "//*[@class='numa cpuless']").getLength()).isPositive();
    assertThat(nodes(gb200, "//table[@class='rows distances']").getLength()).isEqualTo(1);

    Document epyc = parse(HtmlReport.topology(CATALOG.machine("epyc-9654-2s-nps4")));
    assertThat(nodes(epyc, "//*[@class='l3']").getLength()).isEqualTo(24);
    assertThat(text(epyc, "//*[@class='numa'][1]")).contains("NUMA node 0", "hugepages 2Mi x 4096");
    assertThat(nodes(epyc, "//div[@class='mem-bar' and @data-type='hugepages-1Gi']").getLength()).isEqualTo(8);
  }

  /** The page of the KEP examples here is the page {@code ./podtopo simulate --format html} prints in another JVM. */
  @Test
  void theSameRunsGiveTheSamePage() {
    FreshJvm other = FreshJvm.run("simulate", "--format", "html");

    assertThat(other.exitCode()).as(other.err()).isZero();
    assertThat(other.out().stripTrailing()).isEqualTo(HtmlReport.simulation(KEP, false, false).stripTrailing());
  }

  @Test
  void adr0008_aDecisionAQuirkChangedIsListedWithTheQuirkAndWhatTheBehaviourDidThere() throws Exception {
    Path examples = Path.of("..", "examples");
    NodeResourceManagers managers = NodeConfigs.managers(
        BuiltInExamples.kubeletConfig("kubelet/pod-scope.yaml"), CATALOG.machine(MachineCatalog.DEFAULT_MACHINE));
    List<Pod> analytics = PodManifests.read(List.of(examples.resolve("kubelet-state/analytics.yaml")),
        FieldValidation.of(false), API_SERVER);
    SimulationRun run = SIMULATION.run("restart", "pod-scope.yaml", managers,
        KubeletStateStart.read(examples.resolve("kubelet-state"), managers), "kubelet-state", analytics,
        ScenarioScript.admitting(List.of(analytics.get(0))), Simulator.StepProgress.none());

    Document page = parse(HtmlReport.simulation(List.of(run), false, false));

    assertThat(text(page, "//ul[@class='quirks']/li")).startsWith("batch/analytics: Q-cpu-restart-reallocates (D-8): "
        + "a pod-level pod re-admitted after a restart");
    assertThat(text(page, "//div[@class='rejection']//span[@class='reason']")).isEqualTo("TopologyAffinityError");
  }

  static Document parse(String html) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
    factory.setExpandEntityReferences(false);
    return factory.newDocumentBuilder().parse(new InputSource(new StringReader(html)));
  }

  private static NodeList nodes(Document page, String xpath) throws Exception {
    return (NodeList) XPathFactory.newInstance().newXPath().evaluate(xpath, page, XPathConstants.NODESET);
  }

  private static String text(Document page, String xpath) throws Exception {
    return nodes(page, xpath).item(0).getTextContent();
  }
}
