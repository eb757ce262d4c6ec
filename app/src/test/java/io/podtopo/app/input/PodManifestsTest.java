package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.pod.QosClass;
import io.podtopo.domain.pod.Quantity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.api.io.TempDir;

class PodManifestsTest {

  /** Pods as created through the API server, the gates at their v1.37 defaults (D-42). */
  private static final PodRoute API_SERVER = PodRoute.apiServer(FeatureGates.defaults());

  @TempDir
  Path dir;

  private static final String WEB = """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        namespace: shop
        uid: 1234-abcd
        labels: {app: web}
      spec:
        nodeSelector: {disk: ssd}
        resources:
          limits: {cpu: "4", memory: 4Gi}
        initContainers:
          - name: setup
            image: busybox
            resources:
              limits: {cpu: "1", memory: 1Gi}
          - name: proxy
            image: envoy
            restartPolicy: Always
        containers:
          - name: app
            image: nginx
            ports: [{containerPort: 80}]
            resources:
              requests: {cpu: 2, memory: 2Gi}
              limits: {cpu: 2, memory: 2Gi, hugepages-2Mi: 64Mi}
        ephemeralContainers:
          - name: debugger
            image: busybox
      """;

  @Test
  void singlePodMapsIdentityResourcesAndEveryContainerKind() throws IOException {
    Pod pod = single(write("web.yaml", WEB));

    assertThat(pod.uid()).isEqualTo("1234-abcd");
    assertThat(pod.name()).isEqualTo("web");
    assertThat(pod.namespace()).isEqualTo("shop");
    assertThat(pod.podLimits()).containsEntry("cpu", Quantity.parse("4")).containsEntry("memory", Quantity.parse("4Gi"));
    assertThat(pod.initContainers()).extracting(Container::name).containsExactly("setup", "proxy");
    assertThat(pod.initContainers()).extracting(Container::restartable).containsExactly(false, true);
    assertThat(pod.containers()).extracting(Container::name).containsExactly("app");
    assertThat(pod.containers().get(0).limits()).containsEntry("hugepages-2Mi", Quantity.parse("64Mi"));
    assertThat(pod.ephemeralContainers()).extracting(Container::name).containsExactly("debugger");
  }

  /**
   * D-42: the pod as the API server stores it. Container requests default to their limits; the pod
   * limits cpu and memory only, so its requests come from the containers' aggregate (app 2 and 2Gi
   * over setup's 1 and 1Gi), not from its limits, and the hugepages the app limits become a pod limit
   * and request.
   */
  @Test
  void d42_apiServerDefaultsContainerRequestsThenPodRequestsFromTheContainersAggregate() throws IOException {
    Pod pod = single(write("web.yaml", WEB));

    assertThat(pod.initContainers().get(0).requests()).containsEntry("cpu", Quantity.parse("1"));
    assertThat(pod.podRequests()).containsOnly(Map.entry("cpu", Quantity.parse("2")),
        Map.entry("memory", Quantity.parse("2Gi")), Map.entry("hugepages-2Mi", Quantity.parse("64Mi")));
    assertThat(pod.podLimits()).containsOnly(Map.entry("cpu", Quantity.parse("4")),
        Map.entry("memory", Quantity.parse("4Gi")), Map.entry("hugepages-2Mi", Quantity.parse("64Mi")));
  }

  @Test
  void uidDefaultsToNamespaceSlashNameAndNamespaceToDefault() throws IOException {
    Pod pod = single(write("p.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: lonely}
        spec:
          containers: [{name: c, image: busybox}]
        """));

    assertThat(pod.uid()).isEqualTo("default/lonely");
    assertThat(pod.namespace()).isEqualTo("default");
  }

  @Test
  void multiDocumentFileGivesPodsInOrderAndSkipsEmptyDocuments() throws IOException {
    Path file = write("two.yaml", pod("a") + "---\n---\n" + pod("b"));

    assertThat(PodManifests.read(file, FieldValidation.strict(), API_SERVER)).extracting(Pod::name).containsExactly("a", "b");
  }

  @Test
  void kindListOfPodsGivesItsItems() throws IOException {
    Path file = write("list.yaml", """
        apiVersion: v1
        kind: List
        items:
          - apiVersion: v1
            kind: Pod
            metadata: {name: a}
            spec: {containers: [{name: c}]}
          - apiVersion: v1
            kind: Pod
            metadata: {name: b}
            spec: {containers: [{name: c}]}
        """);

    assertThat(PodManifests.read(file, FieldValidation.strict(), API_SERVER)).extracting(Pod::name).containsExactly("a", "b");
  }

  @Test
  void folderReadsYamlAndYmlFilesSortedByNameAndNothingElse() throws IOException {
    write("b.yml", pod("second"));
    write("a.yaml", pod("first"));
    write("c.yaml", pod("third"));
    write("notes.txt", "not a pod");

    assertThat(PodManifests.read(dir, FieldValidation.strict(), API_SERVER)).extracting(Pod::name).containsExactly("first", "second", "third");
  }

  @Test
  void pathsAreReadInTheOrderGiven() throws IOException {
    Path b = write("b.yaml", pod("b"));
    Path a = write("a.yaml", pod("a"));

    assertThat(PodManifests.read(List.of(b, a), FieldValidation.strict(), API_SERVER)).extracting(Pod::name).containsExactly("b", "a");
  }

  /**
   * Issue 24 item 6: a value of the wrong shape is named in the user's terms (a quantity, a string, a
   * list), never by the library's types or tokens, and {@code 1e400} is not shown as "Infinity".
   */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "requests: {cpu: [1]}   | spec.containers[0].resources.requests.cpu: expected a quantity such as \"500m\", \"2\" or \"1Gi\", found a list",
      "requests: {cpu: {a: 1}} | spec.containers[0].resources.requests.cpu: expected a quantity such as \"500m\", \"2\" or \"1Gi\", found a mapping",
      "limits: {memory: 1e400} | spec.containers[0].resources.limits.memory: expected a quantity such as \"500m\", \"2\" or \"1Gi\", found a number too large to be a quantity",
      "requests: {cpu: true}  | spec.containers[0].resources.requests.cpu: expected a quantity such as \"500m\", \"2\" or \"1Gi\", found true or false"})
  void aQuantityOfTheWrongShapeIsNamedInTheUsersTerms(String resources, String message) throws IOException {
    Path file = write("shapes.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n"
        + "  - name: app\n    resources:\n      " + resources + "\n");

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessage(file + ": document 1: " + message);
  }

  @Test
  void aFieldOfTheWrongShapeIsNamedWithoutTheLibrarysTypes() throws IOException {
    Path file = write("name.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n"
        + "  - name: [a]\n");

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file + ": document 1: spec.containers[0].name: expected a string, found a list")
        .hasMessageNotContaining("java.").hasMessageNotContaining("JsonToken");
  }

  /**
   * Issue 24 item 5: the API server refuses a name that is no lowercase RFC 1123 subdomain and a pod
   * without containers (vectors {@code pod-create/invalid/*}); a control character in a name is never
   * printed raw.
   */
  @Test
  void aNameTheApiServerRefusesAndAPodWithoutContainersAreRefusedWithoutARawControlCharacter() throws IOException {
    Path control = write("control.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: \"we\\e[31mb\"}\nspec:\n"
        + "  containers:\n  - name: app\n");
    Path empty = write("empty.yaml", "apiVersion: v1\nkind: Pod\nmetadata: {name: empty}\nspec: {}\n");

    assertThatThrownBy(() -> PodManifests.read(control, FieldValidation.strict(), API_SERVER))
        .hasMessageStartingWith(control + ": pod \"default/we\\x1b[31mb\": Pod \"we\\x1b[31mb\" is invalid: "
            + "metadata.name: Invalid value: \"we\\x1b[31mb\": a lowercase RFC 1123 subdomain")
        .satisfies(e -> assertThat(e.getMessage().chars()).noneMatch(c -> c == 0x1b));
    assertThatThrownBy(() -> PodManifests.read(empty, FieldValidation.strict(), API_SERVER))
        .hasMessage(empty + ": pod default/empty: Pod \"empty\" is invalid: spec.containers: Required value");
  }

  @Test
  void nonPodDocumentIsAnErrorNamingFileAndDocumentIndex() throws IOException {
    Path file = write("mixed.yaml", pod("a") + "---\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: d}\n");

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessage(file + ": document 2: expected a Pod, found kind \"Deployment\"");
  }

  @Test
  void nonPodListItemIsAnErrorNamingTheItem() throws IOException {
    Path file = write("list.yaml", """
        apiVersion: v1
        kind: List
        items:
          - {apiVersion: v1, kind: Service, metadata: {name: s}}
        """);

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .hasMessage(file + ": document 1: items[0]: expected a Pod, found kind \"Service\"");
  }

  @Test
  void invalidContainerQuantityNamesFilePodContainerAndField() throws IOException {
    Path file = write("pods.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          containers:
            - name: sidecar
            - name: app
              resources:
                limits: {cpu: 2x}
        """);

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file + ": pod default/web: containers[1] \"app\": resources.limits.cpu: invalid quantity \"2x\"");
  }

  @Test
  void aQuantityTooLargeForTheKubeletNamesTheField() throws IOException {
    Path file = write("pods.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: big}
        spec:
          containers:
            - name: app
              resources:
                requests: {cpu: "1e30"}
        """);

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file + ": pod default/big: containers[0] \"app\": resources.requests.cpu: invalid quantity "
            + "\"1e30\": too large");
  }

  @Test
  void invalidPodLevelQuantityNamesTheSpecResourcesField() throws IOException {
    Path file = write("pods.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          resources:
            requests: {memory: "-1Gi"}
          containers: [{name: app}]
        """);

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .hasMessageStartingWith(file + ": pod default/web: spec.resources.requests.memory: invalid quantity \"-1Gi\"");
  }

  @Test
  void malformedYamlNamesFileDocumentAndLine() throws IOException {
    Path file = write("bad.yaml", pod("a") + "---\nkind: Pod\nmetadata: {name: [unclosed\n");

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file + ": document 2: malformed YAML: ")
        .hasMessageContaining("(line ");
  }

  @Test
  void fieldOfTheWrongTypeNamesItsPath() throws IOException {
    Path file = write("bad.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          containers: {name: app}
        """);

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessageStartingWith(file + ": document 1: spec.containers: ");
  }

  @Test
  void containerNamesMustBeUniqueAcrossInitAppAndEphemeralContainers() throws IOException {
    Path file = write("dup.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          initContainers: [{name: app}]
          containers: [{name: app}]
        """);

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER))
        .hasMessage(file + ": pod default/web: containers[0] \"app\": another container has the same name");
  }

  @Test
  void podWithoutNameIsAnError() throws IOException {
    Path file = write("anon.yaml", "apiVersion: v1\nkind: Pod\nspec: {containers: [{name: c}]}\n");

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), API_SERVER)).hasMessage(file + ": document 1: the Pod has no metadata.name");
  }

  @Test
  void missingFileAndEmptyFolderAreErrors() throws IOException {
    Path empty = Files.createDirectory(dir.resolve("empty"));

    assertThatThrownBy(() -> PodManifests.read(dir.resolve("nope.yaml"), FieldValidation.strict(), API_SERVER)).hasMessage(dir.resolve("nope.yaml") + ": no such file");
    assertThatThrownBy(() -> PodManifests.read(empty, FieldValidation.strict(), API_SERVER)).hasMessage(empty + ": the folder holds no *.yaml or *.yml file");
  }

  private static String gpuPod(String resources) {
    return """
        apiVersion: v1
        kind: Pod
        metadata: {name: infer}
        spec:
          containers:
            - name: model
              resources:
        %s
        """.formatted(resources.indent(8));
  }

  @Test
  void extendedResourcesAreReadFromLimitsAndARequestDefaultsToTheLimit_dev5() throws IOException {
    Pod pod = single(write("gpu.yaml", gpuPod("limits: {nvidia.com/gpu: 2, cpu: 1}")));
    Container model = pod.containers().get(0);
    assertThat(model.limit("nvidia.com/gpu")).contains(Quantity.parse("2"));
    assertThat(model.request("nvidia.com/gpu")).contains(Quantity.parse("2"));
  }

  @Test
  void aFractionalDeviceRequestIsRefusedWithTheApiServersErrors_dev5() throws IOException {
    Path file = write("half.yaml", gpuPod("limits: {nvidia.com/gpu: 500m}"));
    assertThatThrownBy(() -> single(file))
        .isInstanceOf(InvalidPodException.class)
        .hasMessage(file + ": pod default/infer: Pod \"infer\" is invalid: [spec.containers[0].resources.limits[nvidia.com/gpu]:"
            + " Invalid value: \"500m\": must be an integer, spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid"
            + " value: \"500m\": must be an integer]");
    Path decimal = write("decimal.yaml", gpuPod("limits: {nvidia.com/gpu: \"1.5\"}"));
    assertThatThrownBy(() -> single(decimal)).hasMessageContaining("Invalid value: \"1500m\": must be an integer");
  }

  @Test
  void anOvercommittedOrPodLevelExtendedResourceIsRefusedWithTheApiServersErrors_dev5() throws IOException {
    Path noLimit = write("nolimit.yaml", gpuPod("requests: {nvidia.com/gpu: 1}"));
    assertThatThrownBy(() -> single(noLimit)).hasMessageEndingWith("Pod \"infer\" is invalid: "
        + "spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources");
    Path unequal = write("unequal.yaml", gpuPod("requests: {nvidia.com/gpu: 1}\nlimits: {nvidia.com/gpu: 2}"));
    assertThatThrownBy(() -> single(unequal)).hasMessageEndingWith(
        "spec.containers[0].resources.requests: Invalid value: \"1\": must be equal to nvidia.com/gpu limit of 2");
    Path podLevel = write("podlevel.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: infer}
        spec:
          resources:
            limits: {cpu: "2", memory: 2Gi, nvidia.com/gpu: 1}
          containers: [{name: model}]
        """);
    assertThatThrownBy(() -> single(podLevel)).hasMessageEndingWith("spec.resources.limits[nvidia.com/gpu]: Unsupported"
        + " value: \"nvidia.com/gpu\": supported values: \"cpu\", \"hugepages-\", \"memory\"");
  }

  private static final String LIMITS_ONLY = """
      apiVersion: v1
      kind: Pod
      metadata: {name: web}
      spec:
        resources:
          limits: {cpu: "4", memory: 4Gi}
        containers:
          - name: app
            resources:
              limits: {cpu: 1, memory: 1Gi, hugepages-2Mi: 8Mi}
      """;

  /**
   * D-42: the same manifest as the API server stores it ({@code simulate}) and as the kubelet reads
   * it from its static pod folder (the agent): only the API server's create defaults pod-level
   * resources ({@code DefaultPodLevelResources}); the file source takes {@code spec.resources} as
   * written, so the pod has no pod-level requests and is Burstable.
   */
  @Test
  void d42_theApiServerDefaultsPodLevelResourcesAndTheStaticPodFolderTakesThemAsWritten() throws IOException {
    Path file = write("web.yaml", LIMITS_ONLY);
    Pod created = PodManifests.read(file, FieldValidation.strict(), API_SERVER).get(0);
    Pod fromFolder = PodManifests.read(file, FieldValidation.strict(), PodRoute.staticPod(FeatureGates.defaults())).get(0);

    assertThat(created.podRequests()).containsOnly(Map.entry("cpu", Quantity.parse("1")),
        Map.entry("memory", Quantity.parse("1Gi")), Map.entry("hugepages-2Mi", Quantity.parse("8Mi")));
    assertThat(created.podLimits()).containsOnly(Map.entry("cpu", Quantity.parse("4")),
        Map.entry("memory", Quantity.parse("4Gi")), Map.entry("hugepages-2Mi", Quantity.parse("8Mi")));
    assertThat(fromFolder.podRequests()).isEmpty();
    assertThat(fromFolder.podLimits()).containsOnly(Map.entry("cpu", Quantity.parse("4")),
        Map.entry("memory", Quantity.parse("4Gi")));
    assertThat(fromFolder.containers().get(0).requests()).isEqualTo(fromFolder.containers().get(0).limits());
    assertThat(fromFolder.qosClass(FeatureGates.defaults())).isEqualTo(QosClass.BURSTABLE);
  }

  /** D-42: a static pod the file source refuses is refused with its {@code invalid pod: [...]}. */
  @Test
  void d42_theStaticPodFolderRefusesAPodAsTheFileSourceDoes() throws IOException {
    Path file = write("web.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          resources:
            requests: {cpu: "3"}
            limits: {cpu: "2", memory: 1Gi}
          containers: [{name: app}]
          ephemeralContainers: [{name: debug}]
        """);

    assertThatThrownBy(() -> PodManifests.read(file, FieldValidation.strict(), PodRoute.staticPod(FeatureGates.defaults())))
        .isInstanceOf(InvalidPodException.class)
        .hasMessage(file + ": pod default/web: invalid pod: [spec.resources.requests: Invalid value: \"3\": must be less"
            + " than or equal to cpu limit of 2 spec.ephemeralContainers: Forbidden: cannot be set on create]");
  }

  /**
   * D-42: a pod read for {@code simulate} is validated as the API server validates a create, after
   * its defaulting: a pod-level limit below what its containers request is refused, since the pod's
   * request becomes their aggregate. Ephemeral containers are taken (a pod read back from a cluster
   * may carry them).
   */
  @Test
  void d42_simulateRefusesAPodTheApiServerWouldRefuseAfterDefaultingIt() throws IOException {
    Path file = write("web.yaml", """
        apiVersion: v1
        kind: Pod
        metadata: {name: web}
        spec:
          resources:
            limits: {cpu: 500m}
          containers:
            - {name: a, resources: {requests: {cpu: 500m}}}
            - {name: b, resources: {requests: {cpu: 500m}}}
          ephemeralContainers: [{name: debug}]
        """);

    assertThatThrownBy(() -> single(file)).isInstanceOf(InvalidPodException.class)
        .hasMessage(file + ": pod default/web: Pod \"web\" is invalid: spec.resources.requests: Invalid value: \"1\": must"
            + " be less than or equal to cpu limit of 500m");
  }

  private static Pod single(Path file) {
    List<Pod> pods = PodManifests.read(file, FieldValidation.strict(), API_SERVER);
    assertThat(pods).hasSize(1);
    return pods.get(0);
  }

  private static String pod(String name) {
    return "apiVersion: v1\nkind: Pod\nmetadata: {name: " + name + "}\nspec: {containers: [{name: c, image: busybox}]}\n";
  }

  private Path write(String name, String content) throws IOException {
    return Files.writeString(dir.resolve(name), content);
  }
}
