package io.podtopo.app.agent;

import static io.podtopo.app.agent.AgentFixtures.copyExample;
import static io.podtopo.app.agent.AgentFixtures.lines;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.adapters.fake.CatalogMachineSource;
import io.podtopo.adapters.fake.InMemoryAllocationStore;
import io.podtopo.adapters.fake.InMemoryMetricsRecorder;
import io.podtopo.adapters.fake.RecordingCpusetWriter;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.Behaviour;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.ports.in.NodeResourceManager;
import io.podtopo.ports.in.NodeSnapshot;
import io.podtopo.service.NodeResourceManagerService;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent keeps a node in line with a pods folder as the kubelet does with its static pod folder
 * (issue 8, "The agent"): new manifests admitted, removed ones released, changed ones released and
 * admitted again, rejections logged with the kubelet's reason and not retried, bad files logged once,
 * and a restart that restores instead of allocating again (P§8.3); rules AG-2 and AG-3.
 */
class PodsFolderSyncTest {

  @TempDir
  Path folder;

  private final StringWriter logText = new StringWriter();
  private InMemoryAllocationStore store;
  private NodeResourceManager node;
  private PodsFolder pods;
  private PodsFolderSync sync;

  @BeforeEach
  void createNode() {
    store = new InMemoryAllocationStore();
    node = AgentFixtures.node(AgentFixtures.POD_SCOPE, store);
    pods = new PodsFolder(folder, "node-a", false);
    sync = new PodsFolderSync(node, new DecisionLog(new PrintWriter(logText), AgentFixtures.CLOCK));
  }

  @Test
  void newManifestsAreAdmittedInFileNameOrderOneLogLineEach() {
    copyExample("pod-scope", "02-mixed.yaml", folder);
    copyExample("pod-scope", "01-shared-only.yaml", folder);

    sync.sync(pods.scan());

    assertThat(node.snapshot().activePods()).extracting(Pod::name).containsExactly("shared-only", "pod-scope-mixed");
    assertThat(lines(logText.toString())).extracting(line -> line.get("event").asText() + " " + line.get("pod").asText())
        .containsExactly("admitted default/shared-only", "admitted default/pod-scope-mixed");
    JsonNode mixed = lines(logText.toString()).get(1);
    assertThat(mixed.get("time").asText()).isEqualTo("2026-12-03T08:00:00Z");
    assertThat(mixed.get("level").asText()).isEqualTo("info");
    assertThat(mixed.get("file").asText()).isEqualTo("02-mixed.yaml");
    assertThat(mixed.get("cpus").asText()).as("the pod's bubble as PodResources reports it")
        .isEqualTo(node.podResources().pod("pod-scope-mixed", "default").orElseThrow().cpuIds().toString());
  }

  @Test
  void aRemovedManifestReleasesItsPods() throws IOException {
    Path mixed = copyExample("pod-scope", "02-mixed.yaml", folder);
    sync.sync(pods.scan());
    NodeSnapshot admitted = node.snapshot();

    Files.delete(mixed);
    sync.sync(pods.scan());

    assertThat(admitted.activePods()).hasSize(1);
    assertThat(node.snapshot().activePods()).isEmpty();
    assertThat(node.snapshot().state().cpu().defaultCpuSet()).as("the bubble is back in the node shared pool")
        .isEqualTo(AgentFixtures.node(AgentFixtures.POD_SCOPE, new InMemoryAllocationStore()).snapshot().state().cpu()
            .defaultCpuSet());
    assertThat(lines(logText.toString()).get(1).get("event").asText()).isEqualTo("removed");
    assertThat(lines(logText.toString()).get(1).get("why").asText()).isEqualTo("manifest removed");
  }

  @Test
  void aChangedManifestIsReleasedThenAdmittedAgainUnderANewUid() throws IOException {
    Path mixed = copyExample("pod-scope", "02-mixed.yaml", folder);
    sync.sync(pods.scan());
    String firstUid = node.snapshot().activePods().get(0).uid();

    Files.writeString(mixed, Files.readString(mixed).replace("cpu: \"3\"", "cpu: \"2\""));
    sync.sync(pods.scan());

    assertThat(node.snapshot().activePods()).singleElement().satisfies(pod -> {
      assertThat(pod.uid()).isNotEqualTo(firstUid);
      assertThat(pod.container("main-app").orElseThrow().requests().get("cpu").toString()).isEqualTo("2");
    });
    assertThat(lines(logText.toString())).extracting(line -> line.get("event").asText())
        .containsExactly("admitted", "removed", "admitted");
    assertThat(lines(logText.toString()).get(1).get("why").asText()).isEqualTo("manifest changed");
  }

  /** Issue 24 item 2: the rejected line carries simulate's causes and fixes, so nobody need re-run simulate. */
  @Test
  void aRejectedPodIsLoggedWithTheKubeletsReasonAndNotRetriedUntilItsFileChanges() {
    copyExample("pod-scope", "03-empty-shared-pool.yaml", folder);

    sync.sync(pods.scan());
    sync.sync(pods.scan());

    assertThat(node.snapshot().activePods()).isEmpty();
    assertThat(lines(logText.toString())).singleElement().satisfies(line -> {
      assertThat(line.get("level").asText()).isEqualTo("warn");
      assertThat(line.get("event").asText()).isEqualTo("rejected");
      assertThat(line.get("reason").asText()).isEqualTo("TopologyAffinityError");
      assertThat(line.get("message").asText()).contains("failed admission under pod-scope topology manager");
      assertThat(line.get("causes").get(0).asText()).startsWith("cpu: the pod's budget (spec.resources) is 4 CPUs; "
          + "its exclusive containers take 4 CPUs");
      assertThat(line.get("fixes").get(0).asText()).isEqualTo("ask for 5 CPUs instead of 4 and 5Gi of memory instead of 4Gi in spec.resources (requests and limits)");
    });
  }

  @Test
  void aFileThatIsNotAPodIsLoggedOnceAndChangesNothing() throws IOException {
    copyExample("pod-scope", "01-shared-only.yaml", folder);
    sync.sync(pods.scan());
    NodeSnapshot before = node.snapshot();
    int saves = store.saves();
    Files.writeString(folder.resolve("config.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n");
    Files.writeString(folder.resolve("broken.yaml"), "kind: Pod\nmetadata: [\n");

    sync.sync(pods.scan());
    sync.sync(pods.scan());

    assertThat(node.snapshot()).isEqualTo(before);
    assertThat(store.saves()).isEqualTo(saves);
    List<JsonNode> warnings = lines(logText.toString()).subList(1, lines(logText.toString()).size());
    assertThat(warnings).extracting(line -> line.get("event").asText() + " " + line.get("file").asText())
        .containsExactly("invalid-manifest broken.yaml", "invalid-manifest config.yaml");
    assertThat(warnings.get(1).get("message").asText()).contains("config.yaml").contains("ConfigMap");
  }

  @Test
  void aPodNameAnotherFileAlreadyHoldsIsRefusedAsADuplicate() throws IOException {
    copyExample("pod-scope", "01-shared-only.yaml", folder);
    Files.copy(folder.resolve("01-shared-only.yaml"), folder.resolve("02-copy.yaml"));

    sync.sync(pods.scan());

    assertThat(node.snapshot().activePods()).hasSize(1);
    assertThat(lines(logText.toString())).extracting(line -> line.get("event").asText())
        .containsExactly("admitted", "duplicate-pod");
    assertThat(lines(logText.toString()).get(1).get("message").asText())
        .isEqualTo("pod default/shared-only is already defined by 01-shared-only.yaml; ignored");
  }

  @Test
  void anAdmissionThatCannotBeSavedIsLoggedAndTriedAgainByTheNextSync() {
    copyExample("pod-scope", "01-shared-only.yaml", folder);
    store.failNextSave();

    sync.sync(pods.scan());
    assertThat(node.snapshot().activePods()).isEmpty();
    sync.sync(pods.scan());

    assertThat(node.snapshot().activePods()).extracting(Pod::name).containsExactly("shared-only");
    assertThat(lines(logText.toString())).extracting(line -> line.get("level").asText() + " " + line.get("event").asText())
        .containsExactly("error not-saved", "info admitted");
  }

  @Test
  void afterARestartPodsStillInTheFolderAreRestoredNotAllocatedAgainAndOthersRemoved() throws IOException {
    copyExample("pod-scope", "01-shared-only.yaml", folder);
    Path mixed = copyExample("pod-scope", "02-mixed.yaml", folder);
    sync.sync(pods.scan());
    NodeSnapshot beforeRestart = node.snapshot();
    Files.delete(mixed);

    StringWriter restartLog = new StringWriter();
    NodeResourceManager restarted = AgentFixtures.node(AgentFixtures.POD_SCOPE, InMemoryAllocationStore.holding(beforeRestart));
    new PodsFolderSync(restarted, new DecisionLog(new PrintWriter(restartLog), AgentFixtures.CLOCK))
        .sync(new PodsFolder(folder, "node-a", false).scan());

    Pod sharedOnly = beforeRestart.activePods().get(0);
    assertThat(restarted.snapshot().activePods()).containsExactly(sharedOnly);
    assertThat(restarted.snapshot().state().cpu().podCpus(sharedOnly.uid())).as("the same bubble, not a new one")
        .isPresent().isEqualTo(beforeRestart.state().cpu().podCpus(sharedOnly.uid()));
    assertThat(lines(restartLog.toString())).extracting(line -> line.get("event").asText() + " " + line.get("pod").asText())
        .containsExactly("removed default/pod-scope-mixed", "restored default/shared-only");
    assertThat(lines(restartLog.toString()).get(0).has("file")).isFalse();
    assertThat(lines(restartLog.toString()).get(0).get("why").asText()).isEqualTo("no manifest holds it");
  }

  /**
   * ADR 0008, decisions D-16 and D-21: on four NUMA nodes of 7 free CPUs (one thread of each node's
   * first core reserved) kubelet v1.37 never finishes spreading 22 CPUs in whole cores; the log says
   * so and names the quirks, and with the corrected behaviour the pod is admitted, the quirk that
   * changed its CPUs named.
   */
  @Test
  void adr0008_d16_anAdmissionTheKubeletNeverFinishesIsLoggedAsSuchWithItsQuirks() throws IOException {
    Files.writeString(folder.resolve("big.yaml"), """
        apiVersion: v1
        kind: Pod
        metadata: {name: big, uid: big-uid}
        spec:
          containers:
            - name: c
              resources:
                requests: {cpu: "22", memory: 1Gi}
                limits: {cpu: "22", memory: 1Gi}
        """);
    for (Behaviour behaviour : Behaviour.values()) {
      StringWriter text = new StringWriter();
      NodeConfig config = new NodeConfig.Builder().cpuManagerPolicy(CpuManagerPolicy.STATIC)
          .reservedSystemCpus(CpuSet.of(0, 4, 8, 12))
          .putCpuManagerPolicyOption("full-pcpus-only", "true")
          .putCpuManagerPolicyOption("distribute-cpus-across-numa", "true")
          .behaviour(behaviour).build();
      NodeResourceManager loneSiblings = new NodeResourceManagerService(config, CatalogMachineSource.of("1s4n4c2t"),
          new InMemoryAllocationStore(), new RecordingCpusetWriter(), new InMemoryMetricsRecorder());
      new PodsFolderSync(loneSiblings, new DecisionLog(new PrintWriter(text), AgentFixtures.CLOCK)).sync(pods.scan());
      JsonNode line = lines(text.toString()).get(0);
      if (behaviour == Behaviour.KUBELET) {
        assertThat(line.get("event").asText()).isEqualTo("no-answer");
        assertThat(line.get("level").asText()).isEqualTo("warn");
        assertThat(line.get("message").asText()).isEqualTo("kubelet v1.37.2 would never finish admitting this pod "
            + "(quirk Q-numa-remainder-loop, D-16)");
        assertThat(line.get("quirks").asText()).isEqualTo("Q-lone-sibling (D-21), Q-numa-remainder-loop (D-16)");
        assertThat(loneSiblings.snapshot().activePods()).isEmpty();
      } else {
        assertThat(line.get("event").asText()).isEqualTo("admitted");
        assertThat(line.get("quirks").asText()).isEqualTo("Q-lone-sibling (D-21)");
      }
    }
  }

  @Test
  void anAdmissionNoQuirkChangedCarriesNoQuirksField() {
    copyExample("pod-scope", "02-mixed.yaml", folder);

    sync.sync(pods.scan());

    assertThat(lines(logText.toString()).get(0).has("quirks")).isFalse();
  }
}
