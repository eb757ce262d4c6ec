package io.podtopo.app.agent;

import static io.podtopo.app.agent.AgentFixtures.copyExample;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.app.input.InputException;
import io.podtopo.domain.pod.Pod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A pods folder is read like the kubelet's static pod folder, with static-pod uids (rule AG-1). */
class PodsFolderTest {

  @TempDir
  Path folder;

  @Test
  void everyVisibleRegularFileIsReadWhateverItsExtensionButNotHiddenFilesOrSubfolders() throws IOException {
    copyExample("pod-scope", "01-shared-only.yaml", folder);
    Files.copy(folder.resolve("01-shared-only.yaml"), folder.resolve("web.manifest"));
    Files.copy(folder.resolve("01-shared-only.yaml"), folder.resolve(".01-shared-only.yaml.swp"));
    Files.createDirectory(folder.resolve("more"));
    copyExample("pod-scope", "02-mixed.yaml", folder.resolve("more"));

    assertThat(new PodsFolder(folder, "node-a", false).scan()).containsOnlyKeys("01-shared-only.yaml", "web.manifest");
  }

  @Test
  void aManifestWithoutUidGetsAStaticPodUidStableForTheSameBytesHostAndPath() throws IOException {
    Path file = copyExample("pod-scope", "01-shared-only.yaml", folder);
    String uid = uid(new PodsFolder(folder, "node-a", false));

    assertThat(uid).matches("[0-9a-f]{32}");
    assertThat(uid(new PodsFolder(folder, "node-a", false))).as("a rescan, or a restarted agent").isEqualTo(uid);
    assertThat(uid(new PodsFolder(folder, "node-b", false))).as("another host").isNotEqualTo(uid);
    Files.writeString(file, Files.readString(file) + "\n# edited\n");
    assertThat(uid(new PodsFolder(folder, "node-a", false))).as("any edit").isNotEqualTo(uid);
  }

  @Test
  void aManifestWithAUidKeepsIt() throws IOException {
    Path file = copyExample("pod-scope", "01-shared-only.yaml", folder);
    Files.writeString(file, Files.readString(file).replace("  name: shared-only\n",
        "  name: shared-only\n  uid: 0f8e2c6a-1111-4222-8333-944455556666\n"));

    assertThat(uid(new PodsFolder(folder, "node-a", false))).isEqualTo("0f8e2c6a-1111-4222-8333-944455556666");
  }

  @Test
  void aFileWithTheSameBytesAsInTheLastScanIsNotParsedAgain() throws IOException {
    Path file = copyExample("pod-scope", "01-shared-only.yaml", folder);
    PodsFolder pods = new PodsFolder(folder, "node-a", false);
    ManifestFile first = pods.scan().get("01-shared-only.yaml");

    assertThat(pods.scan().get("01-shared-only.yaml")).as("the same bytes: the same instance").isSameAs(first);
    Files.writeString(file, Files.readString(file) + "\n");
    assertThat(pods.scan().get("01-shared-only.yaml")).isNotSameAs(first).isNotEqualTo(first);
  }

  @Test
  void aMisspeltFieldIsAWarningOfTheFileAndWithStrictMakesTheFileInvalid_issue10() throws IOException {
    Path file = copyExample("pod-scope", "01-shared-only.yaml", folder);
    Files.writeString(file, Files.readString(file).replace("  name: shared-only\n", "  name: shared-only\n  lables: {}\n"));

    ManifestFile warned = new PodsFolder(folder, "node-a", false).scan().get("01-shared-only.yaml");
    ManifestFile strict = new PodsFolder(folder, "node-a", true).scan().get("01-shared-only.yaml");

    assertThat(warned.pods()).hasSize(1);
    assertThat(warned.warnings()).singleElement().asString().endsWith(": unknown field \"metadata.lables\"");
    assertThat(strict.pods()).isEmpty();
    assertThat(strict.error()).get().asString().endsWith("strict decoding error: unknown field \"metadata.lables\"");
  }

  @Test
  void aFileWithoutPodsIsAnErrorNamingTheFile() throws IOException {
    Files.writeString(folder.resolve("empty.yaml"), "# nothing yet\n");

    ManifestFile empty = new PodsFolder(folder, "node-a", false).scan().get("empty.yaml");

    assertThat(empty.pods()).isEmpty();
    assertThat(empty.error()).hasValueSatisfying(error -> assertThat(error).endsWith("empty.yaml: holds no Pod"));
  }

  @Test
  void aFolderThatIsNotOneIsRefused() throws IOException {
    Path file = Files.writeString(folder.resolve("pods.yaml"), "");

    assertThatThrownBy(() -> new PodsFolder(file, "node-a", false)).isInstanceOf(InputException.class)
        .hasMessage(file + ": the pods folder does not exist or is not a folder");
  }

  private static String uid(PodsFolder folder) {
    return folder.scan().values().iterator().next().pods().stream().map(Pod::uid).findFirst().orElseThrow();
  }
}
