package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 10, inputs checked like kubectl does: a field the Pod API or KubeletConfiguration does not
 * have is named by its path, as kubectl's strict field validation names it; a warning by default
 * (the field ignored, as before), an error in strict mode.
 */
class FieldValidationTest {

  /** Pods as created through the API server, the gates at their v1.37 defaults (D-42). */
  private static final PodRoute API_SERVER = PodRoute.apiServer(FeatureGates.defaults());

  private static final String MISSPELT = """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        labelz: {app: web}
      spec:
        containers:
          - name: app
            image: nginx
            resource:
              limits: {cpu: "2", memory: 2Gi}
          - name: logs
            image: fluentbit
            resources:
              limit: {cpu: "1"}
              requests: {cpu: 500m}
            ports: [{containerPort: 80, protocl: TCP}]
      """;

  @Test
  void aMisspeltPodFieldIsAWarningNamingItsPathAsKubectlDoes() {
    FieldValidation fields = FieldValidation.warn();

    List<Pod> pods = PodManifests.parse("pods.yaml", new StringReader(MISSPELT), fields, API_SERVER);

    assertThat(pods).hasSize(1);
    assertThat(pods.get(0).containers().get(0).requests()).as("the misspelt field is ignored").isEmpty();
    assertThat(fields.warnings()).containsExactly("pods.yaml: pod default/web: unknown field \"metadata.labelz\", "
        + "unknown field \"spec.containers[0].resource\", unknown field \"spec.containers[1].resources.limit\", "
        + "unknown field \"spec.containers[1].ports[0].protocl\"");
  }

  @Test
  void strictMakesTheFirstDocumentWithAnUnknownFieldAnError() {
    assertThatThrownBy(() -> PodManifests.parse("pods.yaml", new StringReader(MISSPELT), FieldValidation.strict(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessage("pods.yaml: pod default/web: strict decoding error: unknown field \"metadata.labelz\", "
            + "unknown field \"spec.containers[0].resource\", unknown field \"spec.containers[1].resources.limit\", "
            + "unknown field \"spec.containers[1].ports[0].protocl\"");
  }

  @Test
  void whatKubectlGetPrintsHasNoUnknownField() {
    String fromKubectl = """
        apiVersion: v1
        kind: List
        metadata: {resourceVersion: ""}
        items:
          - apiVersion: v1
            kind: Pod
            metadata:
              name: web
              namespace: shop
              uid: 0f8e2c6a-1111-4222-8333-944455556666
              creationTimestamp: "2026-12-01T10:00:00Z"
              resourceVersion: "4711"
              ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-6d4, uid: abc, controller: true}]
              managedFields:
                - {apiVersion: v1, fieldsType: FieldsV1, fieldsV1: {"f:spec": {}}, manager: kubectl, operation: Update}
            spec:
              resources: {limits: {cpu: "2", memory: 2Gi}}
              containers:
                - name: app
                  image: nginx
                  env: [{name: A, valueFrom: {fieldRef: {fieldPath: metadata.name}}}]
                  livenessProbe: {httpGet: {path: /, port: 8080}, periodSeconds: 5}
                  resources: {limits: {cpu: "1", memory: 1Gi}}
              tolerations: [{key: k, operator: Exists, effect: NoSchedule}]
              affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: a, operator: In, values: [b]}]}]}}}
            status:
              phase: Running
              qosClass: Guaranteed
              conditions: [{type: Ready, status: "True", lastTransitionTime: "2026-12-01T10:00:01Z"}]
        """;
    FieldValidation fields = FieldValidation.strict();

    assertThat(PodManifests.parse("kubectl", new StringReader(fromKubectl), fields, API_SERVER)).hasSize(1);
    assertThat(fields.warnings()).isEmpty();
  }

  @Test
  void aKubeletConfigurationFieldPodtopoDoesNotReadIsNotUnknownButAMisspeltOneIs() {
    String config = """
        apiVersion: kubelet.config.k8s.io/v1beta1
        kind: KubeletConfiguration
        cgroupDriver: systemd
        authentication: {anonymous: {enabled: false}}
        cpuManagerPolicy: static
        topologyManagerPolicy: restricted
        topologyManagerScop: pod
        reservedSystemCPUs: "0"
        reservedMemory:
          - {numaNode: 0, limit: {memory: 1Gi}}
        """;
    FieldValidation fields = FieldValidation.warn();

    NodeSettings settings = KubeletConfigFile.parse("kubelet.yaml", new StringReader(config), fields);

    assertThat(settings.topologyManagerScope()).as("the misspelt scope is ignored: the default").isEqualTo("container");
    assertThat(fields.warnings()).containsExactly("kubelet.yaml: unknown field \"topologyManagerScop\", "
        + "unknown field \"reservedMemory[0].limit\"");
    assertThatThrownBy(() -> KubeletConfigFile.parse("kubelet.yaml", new StringReader(config), FieldValidation.strict()))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith("kubelet.yaml: strict decoding error: unknown field \"topologyManagerScop\"");
  }

  @Test
  void everyExampleFileIsReadStrictly() throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(Path.of("..", "examples"))) {
      files = walk.filter(file -> file.toString().endsWith(".yaml")).sorted().toList();
    }
    assertThat(files).isNotEmpty();
    for (Path file : files) {
      FieldValidation fields = FieldValidation.strict();
      if (Files.readString(file).contains("kind: KubeletConfiguration")) {
        KubeletConfigFile.read(file, fields);
      } else if (Files.readString(file).contains("kind: Pod")) {
        assertThat(PodManifests.read(file, fields, API_SERVER)).as(file.toString()).isNotEmpty();
      }
    }
  }
}
