package io.podtopo.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.app.FreshJvm;
import io.podtopo.domain.topology.CpuSet;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code podtopo simulate}: the default KEP run, user input, scenarios, JSON, explain and errors. */
class SimulateCommandTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String KUBELET_HEADER = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";
  private static final String WEB = """
      apiVersion: v1
      kind: Pod
      metadata: {name: web}
      spec:
        resources:
          requests: {cpu: "3", memory: 3Gi}
          limits: {cpu: "3", memory: 3Gi}
        containers:
          - name: app
            resources:
              requests: {cpu: "2", memory: 2Gi}
              limits: {cpu: "2", memory: 2Gi}
          - name: sidecar
      """;
  private static final String DB = """
      apiVersion: v1
      kind: Pod
      metadata: {name: db, namespace: data}
      spec:
        resources:
          requests: {cpu: "2", memory: 2Gi}
          limits: {cpu: "2", memory: 2Gi}
        containers:
          - name: postgres
      """;

  @TempDir
  Path dir;

  /** Issue 24 item 11: {@code --fail-on-rejection} turns a rejected pod into exit 1, after the report. */
  @Test
  void failOnRejectionExitsOneWhenAPodWasRejectedAndZeroOtherwise() {
    CliRun rejecting = CliRun.reference("simulate", "--pods", "../examples/pods/pod-scope", "--fail-on-rejection");
    CliRun admitting = CliRun.reference("simulate", "--pods", "../examples/pods/container-scope", "--kubelet-config",
        "../examples/kubelet/container-scope.yaml", "--fail-on-rejection");

    assertThat(rejecting.exitCode()).as(rejecting.err()).isEqualTo(ExitCodes.FAILURES);
    assertThat(rejecting.out()).contains("rejected");
    assertThat(CliRun.reference("simulate", "--pods", "../examples/pods/pod-scope").exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(admitting.exitCode()).as(admitting.err()).isEqualTo(ExitCodes.OK);
    assertThat(admitting.out()).doesNotContain("rejected");
  }

  @Test
  void withoutArgumentsTheKepExamplesAreShownInBothScopesAsTablesAndMaps() {
    CliRun run = CliRun.reference("simulate");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(run.err()).isEmpty();
    assertThat(run.out()).contains("== KEP-5526 examples in pod scope ==", "== KEP-5526 examples in container scope ==");
    assertThat(run.outLines()).filteredOn(line -> line.startsWith("POD ")).hasSize(2).allSatisfy(header ->
        assertThat(header.split("\\s+")).containsExactly("POD", "CONTAINER", "ROLE", "CPUS", "EXCLUSIVE", "ISOLATION",
            "MEMORY", "VERDICT"));
    assertThat(run.out()).containsPattern("default/empty-shared-pool +worker-a +app +- .* rejected: TopologyAffinityError")
        .contains("pod shared pool: default/pod-scope-mixed", "exclusive: default/pod-scope-mixed main-app",
            "node shared pool (", "reserved (2 CPUs)", "node shared pool after the run: ");
    assertThat(run.out()).doesNotContain("\u001b[");
  }

  @Test
  void aPodSharedPoolsMemoryIsShownOnceForTheContainersSharingIt_issue10() {
    CliRun run = CliRun.reference("simulate");

    assertThat(run.outLines()).filteredOn(line -> line.startsWith("default/shared-only ")).hasSize(2)
        .allSatisfy(row -> assertThat(row).containsPattern(" no +pod +pod pool +admitted$"));
    assertThat(run.out()).contains("pod shared pools (each container on one shares its CPUs and memory):");
    assertThat(run.outLines()).anySatisfy(line ->
        assertThat(line).matches("  default/shared-only +1-2,17-18 +4Gi @0 +web, cache"));
    assertThat(run.outLines()).filteredOn(line -> line.startsWith("default/pod-scope-mixed    main-app"))
        .singleElement().asString().contains("4Gi @0");
  }

  @Test
  void aRejectionExplainsItselfBesideTheKubeletsReasonAndMessage_issue10() throws IOException {
    CliRun run = CliRun.reference("simulate");
    JsonNode json = JSON.readTree(CliRun.reference("simulate", "--format", "json").out());

    assertThat(run.outLines()).containsSubsequence(
        "  default/empty-shared-pool: TopologyAffinityError: Pod Scope pod with pod-level resources failed admission "
            + "under pod-scope topology manager",
        "    why: cpu: the pod's budget (spec.resources) is 4 CPUs; its exclusive containers take 4 CPUs (worker-a 2 "
            + "CPUs, worker-b 2 CPUs), which leaves nothing for helper on the pod shared pool",
        "    fix: ask for 5 CPUs instead of 4 and 5Gi of memory instead of 4Gi in spec.resources (requests and limits)");
    JsonNode rejected = pod(json.path("runs").get(0), "empty-shared-pool");
    assertThat(rejected.path("message").asText()).as("the kubelet's message is unchanged")
        .isEqualTo("Pod Scope pod with pod-level resources failed admission under pod-scope topology manager");
    assertThat(rejected.path("explanation").path("causes")).hasSize(2);
    assertThat(rejected.path("explanation").path("fixes").get(0).asText()).isEqualTo("ask for 5 CPUs instead of 4 and 5Gi of memory instead of 4Gi in spec.resources (requests and limits)");
    assertThat(pod(json.path("runs").get(0), "shared-only").has("explanation")).as("an admitted pod").isFalse();
    assertThat(rejected.path("explanation").path("podFixes").get(0).path("changes").toString())
        .as("issue 24 item 3: the fix for scripts").isEqualTo("[{\"container\":null,\"resource\":\"cpu\",\"from\":\"4\","
            + "\"to\":\"5\"},{\"container\":null,\"resource\":\"memory\",\"from\":\"4Gi\",\"to\":\"5Gi\"}]");
  }

  /** Issue 24, item 3: on a 2-CPU node whose CPUs are both reserved no CPU count is offered, nor memory that fits. */
  @Test
  void issue24_item3_aNodeOfReservedCpusAdvisesNoCpuCountAndNamesNoMemoryThatFits() {
    CliRun run = CliRun.reference("simulate", "--machine", "1s1n1c2t,mem=8Gi", "--pods",
        Path.of("..", "examples", "pods", "pod-scope").toString());

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).doesNotContain("ask for at most", "free 1 CPU", "why: memory: the pod needs")
        .contains("    why: cpu: the pod needs 4 CPUs, more than all NUMA nodes together can give to pods (0 CPUs; "
            + "CPUs 0-1 are reserved)", "    fix: run the pod on a node with at least 4 CPUs (this one has 2 CPUs)");
  }

  @Test
  void colourIsOnlyAddedWhenAskedFor() {
    assertThat(CliRun.reference("simulate", "--color").out()).contains("\u001b[");
  }

  @Test
  void jsonIsOneDocumentThatIsByteIdenticalForTheSameInput() throws IOException {
    CliRun first = CliRun.reference("simulate", "--format", "json");
    FreshJvm second = FreshJvm.run("simulate", "--format", "json");

    assertThat(first.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(second.exitCode()).as(second.err()).isEqualTo(ExitCodes.OK);
    assertThat(second.out()).as("the same command in another JVM").isEqualTo(first.out());
    JsonNode root = JSON.readTree(first.out());
    assertThat(root.path("runs")).hasSize(2);
    JsonNode podScope = root.path("runs").get(0);
    JsonNode mixed = pod(podScope, "pod-scope-mixed");
    assertThat(names(mixed)).containsExactly("uid", "name", "namespace", "admitted", "noAnswer", "quirks", "removed",
        "numaAffinity", "podCpus", "podMemory", "containers");
    assertThat(mixed.path("podCpus").asText()).isNotEmpty();
    assertThat(names(mixed.path("containers").get(0)))
        .containsExactly("name", "role", "cpus", "exclusive", "isolation", "memory", "devices", "removed");
    JsonNode rejected = pod(podScope, "empty-shared-pool");
    assertThat(rejected.path("admitted").asBoolean()).isFalse();
    assertThat(rejected.path("reason").asText()).isEqualTo("TopologyAffinityError");
    assertThat(rejected.path("message").asText()).startsWith("Pod Scope ");
    assertThat(rejected.path("podCpus").isNull()).isTrue();
    assertThat(pod(podScope, "init-and-sidecars").path("containers")).extracting(c -> c.path("role").asText())
        .containsExactly("init", "sidecar", "app", "app");
  }

  @Test
  void jsonGivesContainersOnTheNodeSharedPoolThePoolAtTheEndOfTheRun() throws IOException {
    JsonNode containerScope = JSON.readTree(CliRun.reference("simulate", "--format", "json").out()).path("runs").get(1);
    String defaultCpuSet = containerScope.path("defaultCpuSet").asText();
    JsonNode backup = pod(containerScope, "container-scope-mixed").path("containers").get(1);

    assertThat(backup.path("name").asText()).isEqualTo("backup-agent");
    assertThat(backup.path("cpus").asText()).isEqualTo(defaultCpuSet);
    assertThat(backup.path("isolation").asText()).isEqualTo("host");
    assertThat(backup.path("exclusive").asBoolean()).isFalse();
    assertThat(pod(containerScope, "pod-only").path("podCpus").isNull()).isTrue();
  }

  @Test
  void explainShowsEveryProvidersHintsTheMergedHintAndEachPartitionStep() {
    CliRun run = CliRun.reference("simulate", "--explain");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.OK);
    String mixed = section(run.out(), "explain default/pod-scope-mixed");
    assertThat(mixed).contains("topology manager, pod scope:", "cpu manager: cpu {", "memory manager: memory {")
        .containsPattern("merged hint: \\{\\d preferred\\} -> admit")
        .containsPattern("bubble: [0-9,-]+ on NUMA \\d")
        .containsPattern("slice metrics-sidecar: \\d+")
        .containsPattern("slice main-app: [0-9,-]+")
        .containsPattern("pod shared pool logging-sidecar: \\d+")
        .contains("pod memory: 6Gi @", "memory logging-sidecar: 1536Mi @");
    assertThat(section(run.out(), "explain default/empty-shared-pool"))
        .contains("cpu manager: cpu none (cannot be satisfied)", "-> reject",
            "rejected: TopologyAffinityError: Pod Scope pod with pod-level resources");
    assertThat(section(run.out(), "explain default/container-scope-mixed")).contains("topology manager, container database:");
  }

  @Test
  void explainOn16NumaNodesSumsUpEachProvidersMasksAndListsThemAllOnRequest_issue9() {
    String[] run16 = {"simulate", "--machine", "2s16n8c2t", "--kubelet-config", "../examples/many-numa/kubelet-2s16n.yaml",
        "--pods", "../examples/many-numa/pods/01-mixed-6.yaml", "--explain"};
    CliRun summary = CliRun.reference(run16);

    assertThat(summary.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(section(summary.out(), "explain default/mixed-6"))
        .contains("cpu manager: cpu 65535 masks; preferred: 16 of 1 node; narrowest: {0 preferred} {1 preferred}",
            "(--explain-hints full lists all 65535)")
        .containsPattern("merged hint: \\{\\d+ preferred\\} -> admit")
        .doesNotContain("{0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 not preferred}");

    String[] full = java.util.Arrays.copyOf(run16, run16.length + 2);
    full[run16.length] = "--explain-hints";
    full[run16.length + 1] = "full";
    assertThat(section(CliRun.reference(full).out(), "explain default/mixed-6"))
        .contains("{0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 not preferred}");
  }

  @Test
  void explainInJsonAddsTheLinesToEveryPod() throws IOException {
    JsonNode root = JSON.readTree(CliRun.reference("simulate", "--format", "json", "--explain").out());

    assertThat(pod(root.path("runs").get(0), "shared-only").path("explain")).isNotEmpty();
  }

  @Test
  void podsAreAdmittedInTheOrderGivenOnTheChosenMachine() throws IOException {
    Path web = Files.writeString(dir.resolve("web.yaml"), WEB);
    Path db = Files.writeString(dir.resolve("db.yaml"), DB);

    CliRun run = CliRun.reference("simulate", "--machine", "2s2n8c2t,mem=16Gi", "--pods", db.toString(), web.toString(),
        "--format", "json");

    assertThat(run.exitCode()).as(run.err()).isEqualTo(ExitCodes.OK);
    JsonNode only = JSON.readTree(run.out()).path("runs").get(0);
    assertThat(only.path("machine").asText()).isEqualTo("2s2n8c2t,mem=16Gi");
    assertThat(only.path("pods")).extracting(p -> p.path("uid").asText()).containsExactly("data/db", "default/web");
    JsonNode webPod = pod(only, "web");
    assertThat(webPod.path("containers").get(0).path("exclusive").asBoolean()).isTrue();
    assertThat(webPod.path("containers").get(1).path("isolation").asText()).isEqualTo("pod");
  }

  @Test
  void scenarioRemovesAContainerThenThePodAndTheBubbleReturnsToTheNodeSharedPool() throws IOException {
    Files.writeString(dir.resolve("web.yaml"), WEB);
    Path scenario = Files.writeString(dir.resolve("scenario.yaml"), """
        - admit: web.yaml
        - remove: {pod: default/web, container: sidecar}
        """);
    Path removeAll = Files.writeString(dir.resolve("remove-all.yaml"), """
        - admit: web.yaml
        - remove: web
        """);

    JsonNode partly = JSON.readTree(CliRun.reference("simulate", "--scenario", scenario.toString(), "--format", "json")
        .out()).path("runs").get(0);
    JsonNode removed = JSON.readTree(CliRun.reference("simulate", "--scenario", removeAll.toString(), "--format", "json")
        .out()).path("runs").get(0);

    JsonNode web = pod(partly, "web");
    assertThat(web.path("removed").asBoolean()).isFalse();
    assertThat(web.path("containers")).extracting(c -> c.path("removed").asBoolean()).containsExactly(false, true);
    assertThat(CpuSet.parse(partly.path("defaultCpuSet").asText())
        .intersects(CpuSet.parse(web.path("podCpus").asText()))).isFalse();
    assertThat(pod(removed, "web").path("removed").asBoolean()).isTrue();
    assertThat(removed.path("defaultCpuSet").asText()).isEqualTo("0-31");
  }

  @Test
  void aScenarioShowsWhatEachStepDidInTheTableAndTheJson_issue10() throws IOException {
    Files.writeString(dir.resolve("web.yaml"), WEB);
    Path scenario = Files.writeString(dir.resolve("scenario.yaml"), """
        - admit: web.yaml
        - remove: {pod: default/web, container: app}
        - remove: web
        """);

    CliRun table = CliRun.reference("simulate", "--scenario", scenario.toString());
    JsonNode steps = JSON.readTree(CliRun.reference("simulate", "--scenario", scenario.toString(), "--format", "json")
        .out()).path("runs").get(0).path("steps");

    assertThat(table.outLines()).containsSubsequence("steps:",
        "  STEP  ACTION            POD          CONTAINER  RESULT                 NODE SHARED POOL",
        "  1     admit             default/web  -          admitted, CPUs 1-2,17  0,3-16,18-31",
        "  2     remove-container  default/web  app        removed                0,3-16,18-31",
        "  3     remove            default/web  -          removed                0-31",
        "after the last step:");
    assertThat(table.out()).as("a removed pod's pool is gone").doesNotContain("pod shared pools");
    assertThat(steps).hasSize(3);
    assertThat(steps.get(0).path("admitted").asBoolean()).isTrue();
    assertThat(steps.get(0).path("cpus").asText()).isEqualTo("1-2,17");
    assertThat(steps.get(1).path("container").asText()).isEqualTo("app");
    assertThat(steps).extracting(step -> step.path("defaultCpuSet").asText())
        .containsExactly("0,3-16,18-31", "0,3-16,18-31", "0-31");
    assertThat(CliRun.reference("simulate", "--pods", dir.resolve("web.yaml").toString()).out())
        .as("admitting --pods in order is not a scenario: no steps section").doesNotContain("steps:");
  }

  @Test
  void unknownMachineIsOneLineNamingTheOptionWithNothingOnStandardOutput() throws IOException {
    Path web = Files.writeString(dir.resolve("web.yaml"), WEB);

    assertUsageError(CliRun.reference("simulate", "--machine", "epyc", "--pods", web.toString()),
        "--machine: unknown machine \"epyc\"; did you mean ");
  }

  @Test
  void malformedPodYamlIsOneLineNamingTheFile() throws IOException {
    Path bad = Files.writeString(dir.resolve("bad.yaml"), "apiVersion: v1\nkind: Pod\nmetadata: {name: [\n");

    assertUsageError(CliRun.reference("simulate", "--pods", bad.toString()), bad + ": document 1: malformed YAML: ");
  }

  @Test
  void aMisspeltFieldIsAWarningOnStandardErrorAndAnErrorWithStrict_issue10() throws IOException {
    Path misspelt = Files.writeString(dir.resolve("web.yaml"), WEB.replace("  - name: sidecar", "  - name: sidecar\n"
        + "      resource: {limits: {cpu: \"1\"}}"));

    CliRun warned = CliRun.reference("simulate", "--pods", misspelt.toString());
    CliRun strict = CliRun.reference("simulate", "--pods", misspelt.toString(), "--strict");

    assertThat(warned.exitCode()).isZero();
    assertThat(warned.err()).isEqualTo("Warning: " + misspelt
        + ": pod default/web: unknown field \"spec.containers[1].resource\"" + System.lineSeparator());
    assertThat(warned.out()).contains("default/web");
    assertUsageError(strict, misspelt + ": pod default/web: strict decoding error: unknown field "
        + "\"spec.containers[1].resource\"");
  }

  @Test
  void aMachineWithoutMemoryUnderTheStaticPolicyIsSaidOnceBeforeAnyPod_issue10() throws IOException {
    String json = CliRun.reference("topology", "--machine", "1s2n4c2t", "--format", "json").out()
        .replaceAll("\"memoryBytes\" : \\d+", "\"memoryBytes\" : 0");
    Path machine = Files.writeString(dir.resolve("no-memory.json"), json);
    Path kubelet = Files.writeString(dir.resolve("kubelet.yaml"), KUBELET_HEADER + """
        cpuManagerPolicy: static
        reservedSystemCPUs: "0"
        memoryManagerPolicy: Static
        reservedMemory: [{numaNode: 0, limits: {memory: 100Mi}}]
        topologyManagerPolicy: restricted
        """);
    Path web = Files.writeString(dir.resolve("web.yaml"), """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          containers:
            - name: app
              resources: {limits: {cpu: "1", memory: 1Gi}}
        """);

    CliRun run = CliRun.reference("simulate", "--machine", machine.toString(), "--kubelet-config", kubelet.toString(),
        "--pods", web.toString());
    JsonNode json2 = JSON.readTree(CliRun.reference("simulate", "--machine", machine.toString(), "--kubelet-config",
        kubelet.toString(), "--pods", web.toString(), "--format", "json").out());

    assertThat(run.exitCode()).isZero();
    assertThat(run.outLines()).filteredOn(line -> line.startsWith("notice:")).singleElement().asString()
        .contains("has no memory information", "Static memory policy", "memoryManagerPolicy None");
    assertThat(run.out().indexOf("notice:")).isLessThan(run.out().indexOf("POD "));
    assertThat(run.out()).contains("rejected: UnexpectedAdmissionError");
    assertThat(json2.path("runs").get(0).path("notices")).hasSize(1);
    assertThat(JSON.readTree(CliRun.reference("simulate", "--pods", web.toString(), "--format", "json").out())
        .path("runs").get(0).path("notices")).as("a machine with memory").isEmpty();
  }

  /**
   * D-42: a manifest whose container limits hugepages its pod budget lacks is defaulted as the API
   * server stores it, the hugepages joining the budget; so the kubelet's own rules decide (alone,
   * {@code fwd} gets its hugepages; beside a shared {@code ctl} the budget's hugepages are all
   * exclusive, an empty pod shared pool), never NA-6's refusal of an undefaulted pod.
   */
  @Test
  void d42_hugepagesTheContainersLimitJoinThePodBudgetAsTheApiServerDefaultsThem() throws IOException {
    Path kubelet = Files.writeString(dir.resolve("kubelet.yaml"), KUBELET_HEADER + """
        featureGates: {PodLevelResources: true, PodLevelResourceManagers: true}
        cpuManagerPolicy: static
        reservedSystemCPUs: "0"
        memoryManagerPolicy: Static
        reservedMemory: [{numaNode: 0, limits: {memory: 100Mi}}]
        topologyManagerPolicy: restricted
        topologyManagerScope: pod
        """);
    String solo = """
        apiVersion: v1
        kind: Pod
        metadata: {name: solo}
        spec:
          resources:
            requests: {cpu: "2", memory: 2Gi}
            limits: {cpu: "2", memory: 2Gi}
          containers:
            - name: fwd
              resources: {limits: {cpu: "2", memory: 2Gi, hugepages-1Gi: 2Gi}}
        """;
    Path pods = Files.writeString(dir.resolve("pods.yaml"), solo + "---\n" + solo.replace("name: solo", "name: pair")
        .replace("cpu: \"2\", memory: 2Gi}\n", "cpu: \"3\", memory: 3Gi}\n") + "    - name: ctl\n");

    CliRun simulate = CliRun.reference("simulate", "--machine", "1s2n4c2t,mem=16Gi,hp1g=4",
        "--kubelet-config", kubelet.toString(), "--pods", pods.toString(), "--format", "json");
    assertThat(simulate.exitCode()).as(simulate.err()).isZero();
    JsonNode run = JSON.readTree(simulate.out());

    JsonNode soloPod = run.path("runs").get(0).path("pods").get(0);
    JsonNode pairPod = run.path("runs").get(0).path("pods").get(1);
    assertThat(soloPod.path("admitted").asBoolean()).isTrue();
    assertThat(soloPod.path("podMemory").toString())
        .contains("{\"type\":\"hugepages-1Gi\",\"size\":2147483648,\"numaNodes\":[0]}");
    assertThat(pairPod.path("admitted").asBoolean()).isFalse();
    assertThat(pairPod.path("reason").asText()).isEqualTo("TopologyAffinityError");
    assertThat(pairPod.toString()).doesNotContain("PodLevelResourcesValidationError")
        .contains("hugepages-1Gi", "leaves nothing for ctl");
  }

  /**
   * D-42 in {@code --explain}: a pod that writes only limits is shown with the requests the API server
   * gives it from its containers (2 CPUs, 1Gi + 2Gi of memory), which make it Burstable: no manager
   * has a preference and it runs on the node shared pool.
   */
  @Test
  void d42_explainShowsThePodBudgetAsTheApiServerDefaultsIt() throws IOException {
    Path pod = Files.writeString(dir.resolve("limits-only.yaml"), """
        apiVersion: v1
        kind: Pod
        metadata: {name: limits-only}
        spec:
          resources: {limits: {cpu: "4", memory: 4Gi}}
          containers:
            - name: app
              resources: {limits: {cpu: "1", memory: 1Gi}}
            - name: log
              resources: {limits: {cpu: "1", memory: 2Gi}}
        """);

    CliRun run = CliRun.reference("simulate", "--pods", pod.toString(), "--explain");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.outLines()).contains(
        "  pod budget (spec.resources as the API server defaults it): requests cpu 2, memory 3Gi; limits cpu 4, memory 4Gi",
        "    cpu manager: no preference", "    memory manager: no preference", "    node shared pool app, log");
  }

  /**
   * D-42, v1.37's {@code defaultPodLevelLimits}: limits are defaulted resource by resource, so a pod
   * that requests cpu and memory gets the limits its container sets even though the hugepages lifted
   * from that container are already a pod limit; requests equal limits, the pod is Guaranteed and
   * takes exclusive CPUs (the older defaulting left it without cpu and memory limits, Burstable).
   */
  @Test
  void d42_aPodThatOnlyRequestsIsLimitedPerResourceAndGetsExclusiveCpus() throws IOException {
    Path kubelet = Files.writeString(dir.resolve("kubelet.yaml"), KUBELET_HEADER + """
        featureGates: {PodLevelResources: true, PodLevelResourceManagers: true}
        cpuManagerPolicy: static
        reservedSystemCPUs: "0"
        memoryManagerPolicy: Static
        reservedMemory: [{numaNode: 0, limits: {memory: 100Mi}}]
        topologyManagerPolicy: restricted
        topologyManagerScope: pod
        """);
    Path pods = Files.writeString(dir.resolve("pods.yaml"), """
        apiVersion: v1
        kind: Pod
        metadata: {name: fwd}
        spec:
          resources:
            requests: {cpu: "2", memory: 2Gi}
          containers:
            - name: fwd
              resources: {limits: {cpu: "2", memory: 2Gi, hugepages-1Gi: 1Gi}}
        """);

    CliRun simulate = CliRun.reference("simulate", "--machine", "1s2n4c2t,mem=16Gi,hp1g=4",
        "--kubelet-config", kubelet.toString(), "--pods", pods.toString(), "--format", "json", "--explain");
    assertThat(simulate.exitCode()).as(simulate.err()).isZero();
    JsonNode pod = JSON.readTree(simulate.out()).path("runs").get(0).path("pods").get(0);

    assertThat(pod.path("admitted").asBoolean()).isTrue();
    assertThat(pod.path("explain").toString()).contains(
        "requests cpu 2, hugepages-1Gi 1Gi, memory 2Gi; limits cpu 2, hugepages-1Gi 1Gi, memory 2Gi");
    assertThat(pod.path("containers").get(0).path("exclusive").asBoolean()).isTrue();
  }

  @Test
  void invalidQuantityIsOneLineNamingTheFileContainerAndField() throws IOException {
    Path bad = Files.writeString(dir.resolve("bad.yaml"), WEB.replace("cpu: \"2\"", "cpu: \"2x\""));

    assertUsageError(CliRun.reference("simulate", "--pods", bad.toString()),
        bad + ": pod default/web: containers[0] \"app\": resources.requests.cpu: invalid quantity \"2x\"");
  }

  @Test
  void unsupportedKubeletOptionIsOneLineNamingTheFileAndField() throws IOException {
    Path web = Files.writeString(dir.resolve("web.yaml"), WEB);
    Path kubelet = Files.writeString(dir.resolve("kubelet.yaml"), KUBELET_HEADER
        + "cpuManagerPolicy: static\nreservedSystemCPUs: \"0\"\ncpuManagerPolicyOptions: {turbo-mode: \"true\"}\n");

    assertUsageError(CliRun.reference("simulate", "--kubelet-config", kubelet.toString(), "--pods", web.toString()),
        kubelet + ": cpuManagerPolicyOptions.turbo-mode: unknown option");
  }

  @Test
  void kubeletConfigTheManagersRefuseIsOneLineNamingTheFileAndField() throws IOException {
    Path web = Files.writeString(dir.resolve("web.yaml"), WEB);
    Path kubelet = Files.writeString(dir.resolve("kubelet.yaml"), KUBELET_HEADER
        + "cpuManagerPolicy: static\nreservedSystemCPUs: \"0,99\"\n");

    assertUsageError(CliRun.reference("simulate", "--kubelet-config", kubelet.toString(), "--pods", web.toString()),
        kubelet + ": reservedSystemCPUs: ");
  }

  @Test
  void aBadPodAfterGoodOnesAppliesNothing() throws IOException {
    Path web = Files.writeString(dir.resolve("a-web.yaml"), WEB);
    Path bad = Files.writeString(dir.resolve("b-bad.yaml"), DB.replace("name: db", "name: ''"));

    assertUsageError(CliRun.reference("simulate", "--pods", web.toString(), bad.toString()),
        bad + ": document 1: the Pod has no metadata.name");
  }

  @Test
  void aMachineWithoutPodsShowsTheNodeBeforeAnyAdmission() {
    CliRun run = CliRun.reference("simulate", "--machine", "demo-2s");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.outLines()).startsWith("== the node before any admission ==", "machine:        demo-2s")
        .contains("no pods (give --pods FILE|DIR or --scenario FILE to admit some)", "node shared pool after the run: 0-31")
        .contains("  #  reserved (2 CPUs)", "  .  node shared pool (30 CPUs)");
  }

  @Test
  void thisNodeAsMachineIsReadFromItsOwnSysfsWithTheBuiltInConfigFittedToIt() {
    CliRun run = CliRun.reference("simulate", "--machine", "/");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.outLines().get(2)).startsWith("kubelet config: built-in kubelet configuration fitted to ")
        .contains("reserved CPUs 0");
  }

  @Test
  void theSamePodGivenTwiceIsAUsageError() throws IOException {
    Path web = Files.writeString(dir.resolve("web.yaml"), WEB);

    assertUsageError(CliRun.reference("simulate", "--pods", web.toString(), web.toString()),
        "--pods: pod default/web is given twice");
  }

  @Test
  void scenarioRemovingAPodNotAdmittedIsOneLineNamingTheStep() throws IOException {
    Path scenario = Files.writeString(dir.resolve("scenario.yaml"), "- remove: default/web\n");

    assertUsageError(CliRun.reference("simulate", "--scenario", scenario.toString()),
        scenario + ": steps[0].remove: pod default/web is not admitted by an earlier step");
  }

  @Test
  void podsFromStandardInputAreAdmittedAsFromAFile() throws IOException {
    InputStream stdin = System.in;
    CliRun run;
    try {
      System.setIn(new ByteArrayInputStream(WEB.getBytes(StandardCharsets.UTF_8)));
      run = CliRun.reference("simulate", "--pods", "-", "--format", "json");
    } finally {
      System.setIn(stdin);
    }
    Path web = Files.writeString(dir.resolve("web.yaml"), WEB);

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).isEqualTo(CliRun.reference("simulate", "--pods", web.toString(), "--format", "json").out());
  }

  @Test
  void aPodsFileWithoutAnyPodIsAUsageError() throws IOException {
    Path empty = Files.writeString(dir.resolve("empty.yaml"), "# nothing yet\n---\n");

    assertUsageError(CliRun.reference("simulate", "--pods", empty.toString()),
        empty + ": holds no Pod (a file of pods needs at least one document of kind Pod, or a List of them)");
  }

  @Test
  void aQuantityTooLargeIsAUsageErrorNamingTheField() throws IOException {
    Path big = Files.writeString(dir.resolve("big.yaml"), WEB.replaceFirst("cpu: \"?[0-9]+\"?", "cpu: \"1e30\""));

    assertUsageError(CliRun.reference("simulate", "--pods", big.toString()), big + ": pod default/web: ");
    assertThat(CliRun.reference("simulate", "--pods", big.toString()).err()).contains("invalid quantity \"1e30\": too large");
  }

  /**
   * ADR 0008, decisions D-16 and D-21: 22 exclusive CPUs spread over four NUMA nodes of 7 free CPUs
   * (one thread of each node's first core reserved) in groups of a core.
   */
  private Path[] loneSiblingNode() throws IOException {
    Path kubelet = Files.writeString(dir.resolve("kubelet.yaml"), KUBELET_HEADER + """
        cpuManagerPolicy: static
        cpuManagerPolicyOptions:
          full-pcpus-only: "true"
          distribute-cpus-across-numa: "true"
        reservedSystemCPUs: "0,4,8,12"
        """);
    Path pod = Files.writeString(dir.resolve("big.yaml"), """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          containers:
            - name: web
              resources:
                requests: {cpu: "22", memory: 1Gi}
                limits: {cpu: "22", memory: 1Gi}
        """);
    return new Path[] {kubelet, pod};
  }

  @Test
  void adr0008_d16_asKubeletV137ByDefaultTheAdmissionItNeverFinishesIsSaidAndItsQuirksNamed() throws IOException {
    Path[] node = loneSiblingNode();
    CliRun table = CliRun.reference("simulate", "--machine", "1s4n4c2t", "--kubelet-config", node[0].toString(),
        "--pods", node[1].toString());
    JsonNode json = JSON.readTree(CliRun.reference("simulate", "--machine", "1s4n4c2t", "--kubelet-config",
        node[0].toString(), "--pods", node[1].toString(), "--format", "json").out()).path("runs").get(0);

    assertThat(table.exitCode()).isEqualTo(ExitCodes.OK);
    assertThat(table.out()).contains("behaviour kubelet)")
        .containsPattern("default/web +web +app +- +- +- +- +no answer")
        .contains("default/web: no answer: kubelet v1.37.2 would never finish admitting this pod "
            + "(quirk Q-numa-remainder-loop, D-16)")
        .contains("quirks that changed a decision (as kubelet v1.37.2 behaves; --behaviour spec corrects them):",
            "  default/web: Q-lone-sibling (D-21): with full-pcpus-only allocateCPUs takes from every free CPU",
            "  default/web: Q-numa-remainder-loop (D-16): with distribute-cpus-across-numa");
    assertThat(json.path("behaviour").asText()).isEqualTo("kubelet");
    assertThat(json.path("kubeletRelease").asText()).isEqualTo("v1.37.2");
    assertThat(CliRun.reference("simulate", "--help").out()).contains("kubelet v1.37.2 (v1.37.0 to v1.37.2 decide alike)");
    JsonNode web = pod(json, "web");
    assertThat(web.path("reason").asText()).isEqualTo("KubeletNoAnswer");
    assertThat(web.path("noAnswer").asText()).isEqualTo("Q-numa-remainder-loop");
    assertThat(web.path("quirks").findValuesAsText("id")).containsExactly("Q-lone-sibling", "Q-numa-remainder-loop");
    assertThat(web.path("quirks").get(1).path("decision").asText()).isEqualTo("D-16");
  }

  @Test
  void adr0008_d16_d21_withBehaviourSpecThePodGetsWholeCoresAndTheQuirkThatChangedItIsNamed() throws IOException {
    Path[] node = loneSiblingNode();
    JsonNode json = JSON.readTree(CliRun.reference("simulate", "--machine", "1s4n4c2t", "--kubelet-config",
        node[0].toString(), "--pods", node[1].toString(), "--format", "json", "--behaviour", "spec", "--explain")
        .out()).path("runs").get(0);

    assertThat(json.path("behaviour").asText()).isEqualTo("spec");
    JsonNode web = pod(json, "web");
    assertThat(web.path("admitted").asBoolean()).isTrue();
    assertThat(web.path("noAnswer").isNull()).isTrue();
    assertThat(CpuSet.parse(web.path("containers").get(0).path("cpus").asText()).size()).isEqualTo(22);
    assertThat(web.path("quirks").findValuesAsText("id")).containsExactly("Q-lone-sibling");
    assertThat(web.path("quirks").get(0).path("behaviour").asText()).startsWith("only cores whose every thread is free");
    assertThat(web.path("explain").get(web.path("explain").size() - 1).asText())
        .startsWith("quirk Q-lone-sibling (D-21): only cores whose every thread is free");
  }

  @Test
  void adr0008_anUnknownBehaviourIsOneLineNamingTheOption() {
    assertUsageError(CliRun.reference("simulate", "--behaviour", "Spec"),
        "--behaviour: unknown behaviour \"Spec\": expected kubelet or spec");
  }

  private static void assertUsageError(CliRun run, String expectedPrefix) {
    assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().lines()).singleElement().asString().startsWith("podtopo simulate: error: " + expectedPrefix);
  }

  private static JsonNode pod(JsonNode run, String name) {
    return StreamSupport.stream(run.path("pods").spliterator(), false)
        .filter(pod -> pod.path("name").asText().equals(name)).findFirst().orElseThrow();
  }

  private static List<String> names(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** The lines from {@code heading} up to the next {@code explain} heading or blank line. */
  private static String section(String out, String heading) {
    int start = out.indexOf(heading);
    assertThat(start).as("section " + heading).isNotNegative();
    int end = out.indexOf("\nexplain ", start + 1);
    int blank = out.indexOf("\n\n", start);
    int stop = end < 0 ? blank : blank < 0 ? end : Math.min(end, blank);
    return out.substring(start, stop < 0 ? out.length() : stop);
  }
}
