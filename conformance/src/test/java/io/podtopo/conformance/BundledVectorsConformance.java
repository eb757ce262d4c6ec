package io.podtopo.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.conformance.vectors.CaseResult;
import io.podtopo.conformance.vectors.ReferenceSubject;
import io.podtopo.conformance.vectors.VectorCase;
import io.podtopo.conformance.vectors.VectorFile;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.VectorRunner;
import io.podtopo.domain.quirks.KubeletQuirk;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every bundled upstream vector, one JUnit test per case, named by case id. */
class BundledVectorsConformance {

  /**
   * Kinds of the bundled vectors that have no reference implementation yet. Pinned so that no kind
   * is skipped silently: a kind leaves this list in the change that implements it.
   */
  private static final Set<String> NOT_YET_IMPLEMENTED = Set.of();

  private static final VectorKinds KINDS = VectorKinds.reference();
  private static final List<VectorFile> FILES = VectorFile.bundled();

  @TestFactory
  Stream<DynamicNode> bundledVectors() {
    VectorRunner runner = new VectorRunner(KINDS);
    ReferenceSubject subject = new ReferenceSubject(KINDS);
    return FILES.stream().map(file -> DynamicContainer.dynamicContainer(file.name(),
        file.cases().stream()
            .filter(c -> KINDS.find(c.kind()).isPresent())
            .map(c -> DynamicTest.dynamicTest(c.id(), () -> assertPasses(runner.run(subject, c))))));
  }

  private static void assertPasses(CaseResult result) {
    if (result.status() != CaseResult.Status.PASSED) {
      VectorCase c = result.vectorCase();
      fail(c.id() + " (" + c.upstream() + ") " + result.status() + "\n  expected: " + c.expect()
          + "\n  actual:   " + result.actual() + "\n  " + String.join("\n  ", result.differences()));
    }
  }

  @Test
  void everyBundledKindIsImplementedUnlessListedAsNotYet() {
    Set<String> missing = new TreeSet<>();
    FILES.forEach(file -> file.cases().stream().map(VectorCase::kind)
        .filter(kind -> KINDS.find(kind).isEmpty()).forEach(missing::add));
    assertThat(missing).isEqualTo(new TreeSet<>(NOT_YET_IMPLEMENTED));
  }

  @Test
  void bundledVectorsHoldTheTranscribedCaseCount() {
    assertThat(FILES.stream()
        .filter(f -> !Set.of("node_scenarios.json", "pod_defaulting.json", "kubelet_quirks.json", "differential.json")
            .contains(f.name()))
        .mapToInt(f -> f.cases().size()).sum()).isEqualTo(361 + 57);
  }

  /**
   * ADR 0008: every quirk of kubelet v1.37 podtopo reproduces has a case in kubelet behaviour (whose
   * expectation the oracle recorded from the kubelet's own code), named in its {@code quirk} field; a
   * retired quirk ({@code "retired": true}) has one stating v1.37's fixed behaviour.
   */
  @Test
  void everyQuirkHasACaseInKubeletBehaviour() throws IOException {
    Set<String> shown = new TreeSet<>();
    Set<String> retired = new TreeSet<>();
    try (InputStream file = VectorFile.class.getResourceAsStream("/io/podtopo/conformance/vectors/kubelet_quirks.json")) {
      new ObjectMapper().readTree(file).get("cases").forEach(c -> {
        assertThat(c.path("input").path("behaviour").asText("kubelet")).as(c.path("id").asText()).isEqualTo("kubelet");
        (c.path("retired").asBoolean() ? retired : shown).add(c.path("quirk").asText());
      });
    }
    List<String> quirks = Stream.of(KubeletQuirk.values()).map(KubeletQuirk::id).toList();
    assertThat(shown).containsExactlyInAnyOrderElementsOf(quirks);
    // A retired quirk's case states the fixed behaviour; no quirk in force is retired.
    assertThat(retired).isNotEmpty().doesNotContainAnyElementsOf(quirks);
  }


  /**
   * D-42's cases, written for podtopo and answered by the oracle: the ways a pod reaches the kubelet
   * (pod-create, static-pod-decode), by group.
   */
  @Test
  void podDefaultingCoversEveryGroup() {
    Map<String, Long> groups = FILES.stream().filter(f -> f.name().equals("pod_defaulting.json"))
        .flatMap(f -> f.cases().stream()).collect(Collectors.groupingBy(c -> c.kind() + "/" + c.id().split("/")[1],
            TreeMap::new, Collectors.counting()));
    assertThat(groups).containsExactlyEntriesOf(new TreeMap<>(Map.of("pod-create/containers", 5L,
        "pod-create/requests-only", 12L, "pod-create/limits-only", 5L, "pod-create/both", 4L,
        "pod-create/hugepages", 8L, "pod-create/init-and-sidecars", 7L, "pod-create/gates", 7L,
        "pod-create/invalid", 24L, "static-pod-decode/static", 16L)));
  }

  /** The node scenarios: the groups of the spec's test plan (§13) and its worked examples, by count. */
  @Test
  void nodeScenariosCoverEveryScenarioGroup() {
    Map<String, Long> groups = FILES.stream().filter(f -> f.name().equals("node_scenarios.json"))
        .flatMap(f -> f.cases().stream()).collect(Collectors.groupingBy(c -> c.id().split("/")[1], TreeMap::new,
            Collectors.counting()));
    assertThat(groups).containsExactlyEntriesOf(new TreeMap<>(Map.ofEntries(Map.entry("kep-pod-scope", 5L),
        Map.entry("kep-container-scope", 3L), Map.entry("spec-6-2", 9L), Map.entry("e2e", 12L),
        Map.entry("memory-pod-scope", 10L), Map.entry("memory-container-scope", 4L), Map.entry("gates-off", 3L),
        Map.entry("ephemeral", 2L), Map.entry("container-scope-init", 2L), Map.entry("restart", 8L),
        Map.entry("devices", 10L))));
  }
}
