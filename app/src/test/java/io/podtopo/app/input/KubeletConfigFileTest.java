package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Quantity;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KubeletConfigFileTest {

  private static final String HEADER = "apiVersion: kubelet.config.k8s.io/v1beta1\nkind: KubeletConfiguration\n";

  @TempDir
  Path dir;

  @Test
  void everyManagerFieldIsReadAndOtherFieldsAreIgnored() throws IOException {
    Path file = Files.writeString(dir.resolve("kubelet.yaml"), HEADER + """
        address: 0.0.0.0
        authentication: {anonymous: {enabled: false}}
        evictionHard: {memory.available: 100Mi}
        cpuManagerPolicy: static
        cpuManagerPolicyOptions:
          full-pcpus-only: "true"
          strict-cpu-reservation: true
        reservedSystemCPUs: 0-1,32-33
        kubeReserved: {cpu: 500m, memory: 1Gi}
        systemReserved: {cpu: 1, memory: 924Mi}
        topologyManagerPolicy: single-numa-node
        topologyManagerScope: pod
        topologyManagerPolicyOptions:
          prefer-closest-numa-nodes: "true"
          max-allowable-numa-nodes: "16"
        memoryManagerPolicy: Static
        reservedMemory:
          - numaNode: 0
            limits: {memory: 1Gi, hugepages-1Gi: 2Gi}
          - numaNode: 1
            limits: {memory: 1Gi}
        featureGates:
          PodLevelResourceManagers: true
          SomethingElse: false
        """);

    NodeSettings settings = KubeletConfigFile.read(file, FieldValidation.strict());

    assertThat(settings.source()).isEqualTo(file.toString());
    assertThat(settings.cpuManagerPolicy()).isEqualTo("static");
    assertThat(settings.cpuManagerPolicyOptions())
        .isEqualTo(Map.of("full-pcpus-only", "true", "strict-cpu-reservation", "true"));
    assertThat(settings.reservedSystemCpus()).contains(CpuSet.parse("0-1,32-33"));
    assertThat(settings.kubeReserved()).containsEntry("cpu", Quantity.parse("500m")).containsEntry("memory", Quantity.parse("1Gi"));
    assertThat(settings.systemReserved()).containsEntry("cpu", Quantity.parse("1"));
    assertThat(settings.topologyManagerPolicy()).isEqualTo("single-numa-node");
    assertThat(settings.topologyManagerScope()).isEqualTo("pod");
    assertThat(settings.topologyManagerPolicyOptions()).containsEntry("max-allowable-numa-nodes", "16");
    assertThat(settings.memoryManagerPolicy()).isEqualTo("Static");
    assertThat(settings.reservedMemory()).hasSize(2);
    assertThat(settings.reservedMemory().get(0).numaNode()).isZero();
    assertThat(settings.reservedMemory().get(0).limits()).containsEntry("hugepages-1Gi", Quantity.parse("2Gi"));
    assertThat(settings.featureGates().podLevelResourceManagers()).isTrue();
    assertThat(settings.featureGates().overrides()).containsEntry("SomethingElse", false);
  }

  @Test
  void absentFieldsTakeTheKubeletDefaults() {
    NodeSettings settings = parse(HEADER);

    assertThat(settings.cpuManagerPolicy()).isEqualTo("none");
    assertThat(settings.memoryManagerPolicy()).isEqualTo("None");
    assertThat(settings.topologyManagerPolicy()).isEqualTo("none");
    assertThat(settings.topologyManagerScope()).isEqualTo("container");
    assertThat(settings.reservedSystemCpus()).isEmpty();
    assertThat(settings.reservedMemory()).isEmpty();
    assertThat(settings.featureGates()).isEqualTo(FeatureGates.defaults());
  }

  /**
   * A null policy or scope leaves the kubelet's default, as Go's JSON decoding of the YAML leaves a
   * string field untouched by null (a Jazzer finding: it was a NullPointerException).
   */
  @Test
  void nullFieldsTakeTheKubeletDefaultsAsGoDecodingLeavesThem() {
    NodeSettings settings = parse(HEADER + """
        cpuManagerPolicy: null
        memoryManagerPolicy: ~
        topologyManagerPolicy: null
        topologyManagerScope: null
        """);

    assertThat(settings.cpuManagerPolicy()).isEqualTo("none");
    assertThat(settings.memoryManagerPolicy()).isEqualTo("None");
    assertThat(settings.topologyManagerPolicy()).isEqualTo("none");
    assertThat(settings.topologyManagerScope()).isEqualTo("container");
  }

  @Test
  void builtInDefaultIsStaticPodScopeRestrictedWithBothGatesOn() {
    NodeSettings settings = KubeletConfigFile.builtInDefault();

    assertThat(settings.cpuManagerPolicy()).isEqualTo("static");
    assertThat(settings.reservedSystemCpus()).contains(CpuSet.of(0, 16));
    assertThat(settings.memoryManagerPolicy()).isEqualTo("Static");
    assertThat(settings.reservedMemory()).extracting(ReservedMemory::numaNode).containsExactly(0, 1);
    assertThat(settings.reservedMemory()).allSatisfy(entry ->
        assertThat(entry.limits()).isEqualTo(Map.of("memory", Quantity.parse("1Gi"))));
    assertThat(settings.topologyManagerPolicy()).isEqualTo("restricted");
    assertThat(settings.topologyManagerScope()).isEqualTo("pod");
    assertThat(settings.featureGates().podLevelResourceManagers()).isTrue();
  }

  @Test
  void builtInDefaultReservesMemoryEqualToKubeAndSystemReservedPlusHardEviction() {
    NodeSettings settings = KubeletConfigFile.builtInDefault();
    long reserved = settings.reservedMemory().stream().mapToLong(entry -> entry.limits().get("memory").bytes()).sum();

    assertThat(reserved).isEqualTo(settings.kubeReserved().get("memory").bytes()
        + settings.systemReserved().get("memory").bytes() + Quantity.parse("100Mi").bytes());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "cpuManagerPolicy: dynamic | cfg.yaml: cpuManagerPolicy: unknown value \"dynamic\"; expected one of none, static",
      "memoryManagerPolicy: static | cfg.yaml: memoryManagerPolicy: unknown value \"static\"; expected one of None, Static",
      "topologyManagerPolicy: strict | cfg.yaml: topologyManagerPolicy: unknown value \"strict\"",
      "topologyManagerScope: node | cfg.yaml: topologyManagerScope: unknown value \"node\"; expected one of container, pod",
      "cpuManagerPolicy: [static] | cfg.yaml: cpuManagerPolicy: expected a single value, found a list",
      "cpuManagerPolicyOptions: {turbo: \"true\"} | cfg.yaml: cpuManagerPolicyOptions.turbo: unknown option; known options: full-pcpus-only,",
      "cpuManagerPolicyOptions: {full-pcpus-only: yes-please} | cfg.yaml: cpuManagerPolicyOptions.full-pcpus-only: invalid value \"yes-please\"; expected true or false",
      "cpuManagerPolicyOptions: [full-pcpus-only] | cfg.yaml: cpuManagerPolicyOptions: expected a mapping, found a list",
      "topologyManagerPolicyOptions: {max-allowable-numa-nodes: many} | cfg.yaml: topologyManagerPolicyOptions.max-allowable-numa-nodes: invalid value \"many\"; expected a whole number",
      "reservedSystemCPUs: 0-x | cfg.yaml: reservedSystemCPUs: ",
      "kubeReserved: {cpu: lots} | cfg.yaml: kubeReserved.cpu: invalid quantity \"lots\"",
      "systemReserved: 1Gi | cfg.yaml: systemReserved: expected a mapping, found \"1Gi\"",
      "reservedMemory: {numaNode: 0} | cfg.yaml: reservedMemory: expected a list of {numaNode, limits}, found a mapping",
      "reservedMemory: [{numaNode: one, limits: {memory: 1Gi}}] | cfg.yaml: reservedMemory[0].numaNode: expected a NUMA node id, found \"one\"",
      "reservedMemory: [{limits: {memory: 1Gi}}] | cfg.yaml: reservedMemory[0].numaNode: is missing",
      "reservedMemory: [{numaNode: 0, limits: {memory: 1Gx}}] | cfg.yaml: reservedMemory[0].limits.memory: invalid quantity \"1Gx\"",
      "featureGates: {PodLevelResourceManagers: \"on\"} | cfg.yaml: featureGates.PodLevelResourceManagers: expected true or false, found \"on\"",
  })
  void wrongTypeOrBadValueIsOneErrorNamingFileAndField(String yaml, String message) {
    assertThatThrownBy(() -> parse(HEADER + yaml.strip() + "\n"))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(message.strip());
  }

  @Test
  void emptyReservedSystemCpusMeansNotSet() {
    assertThat(parse(HEADER + "reservedSystemCPUs: \"\"\n").reservedSystemCpus()).isEmpty();
  }

  @Test
  void anotherKindOrApiVersionIsRejected() {
    assertThatThrownBy(() -> parse("apiVersion: v1\nkind: Pod\n"))
        .hasMessage("cfg.yaml: apiVersion: is \"v1\"; expected \"kubelet.config.k8s.io/v1beta1\"");
    assertThatThrownBy(() -> parse("apiVersion: kubelet.config.k8s.io/v1beta1\n"))
        .hasMessage("cfg.yaml: kind: is missing; expected \"KubeletConfiguration\"");
  }

  @Test
  void moreThanOneDocumentIsRejected() {
    assertThatThrownBy(() -> parse(HEADER + "---\n" + HEADER))
        .hasMessage("cfg.yaml: expected one KubeletConfiguration document, found 2");
  }

  @Test
  void malformedYamlNamesTheFile() {
    assertThatThrownBy(() -> parse(HEADER + "featureGates: {a: [\n"))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("cfg.yaml: document 1: malformed YAML: ");
  }

  @Test
  void hardEvictionMemoryDefaultsTo100MiAndIsZeroWhenEvictionHardLeavesMemoryOut() {
    assertThat(parse(HEADER).evictionHardMemoryAvailable()).isEqualTo("100Mi");
    assertThat(parse(HEADER + "evictionHard: {nodefs.available: 10%}\n").evictionHardMemoryAvailable()).isEqualTo("0");
    assertThat(parse(HEADER + "evictionHard: {memory.available: 5%}\n").evictionHardMemoryAvailable()).isEqualTo("5%");
    assertThatThrownBy(() -> parse(HEADER + "evictionHard: {memory.available: 150%}\n"))
        .isInstanceOf(InputException.class)
        .hasMessageContaining("evictionHard.memory.available: invalid percentage \"150%\"");
    assertThatThrownBy(() -> parse(HEADER + "evictionHard: {memory.available: lots}\n"))
        .hasMessageContaining("evictionHard.memory.available: invalid quantity \"lots\"");
  }

  private static NodeSettings parse(String yaml) {
    return KubeletConfigFile.parse("cfg.yaml", new StringReader(yaml), FieldValidation.strict());
  }
}
