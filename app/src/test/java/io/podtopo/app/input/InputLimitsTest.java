package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.pod.PodRoute;
import java.io.StringReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Rules IN-2 and IN-3: the limits of the YAML inputs (documents, aliases, nesting) and of the pods
 * they hold, each refused in one line that names it (docs/guide/limits.md).
 */
class InputLimitsTest {

  /** Pods as created through the API server, the gates at their v1.37 defaults (D-42). */
  private static final PodRoute API_SERVER = PodRoute.apiServer(FeatureGates.defaults());

  private static final String POD = "apiVersion: v1\nkind: Pod\nmetadata: {name: web}\nspec:\n  containers:\n";

  @Test
  void aYamlDocumentOfMoreThan4MiCharactersIsRefused_in2() {
    String big = POD + "  - name: app\n    image: \"" + "x".repeat(YamlDocuments.MAX_DOCUMENT_CHARS) + "\"\n";

    assertThatThrownBy(() -> parse(big)).isInstanceOf(InputException.class)
        .hasMessageStartingWith("pods.yaml: document 1: ")
        .hasMessageContaining("exceeds the limit: " + YamlDocuments.MAX_DOCUMENT_CHARS + " code points")
        .hasMessageNotContaining("\n");
  }

  @Test
  void aYamlAliasIsRefusedSoNoDocumentIsMultiplied_in2() {
    StringBuilder laughs = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for (char name = 'b'; name <= 'i'; name++) {
      char previous = (char) (name - 1);
      laughs.append(name).append(": &").append(name).append(" [")
          .append(("*" + previous + ", ").repeat(9)).append('*').append(previous).append("]\n");
    }

    assertThatThrownBy(() -> parse(laughs.toString())).isInstanceOf(InputException.class)
        .hasMessage("pods.yaml: line 2, column 8: YAML aliases are not supported: write the value out instead of "
            + "the alias \"*a\"");
  }

  @Test
  void aYamlDocumentNestedDeeperThan64LevelsIsRefused_in2() {
    String deep = "[".repeat(YamlDocuments.MAX_NESTING + 1) + "]".repeat(YamlDocuments.MAX_NESTING + 1);

    assertThatThrownBy(() -> parse(deep)).isInstanceOf(InputException.class)
        .hasMessageContaining("exceeds the maximum allowed (" + YamlDocuments.MAX_NESTING)
        .hasMessageNotContaining("\n");
  }

  @Test
  void aPodOfMoreThan1000ContainersIsRefused_in3() {
    StringBuilder pod = new StringBuilder(POD);
    for (int i = 0; i <= PodManifests.MAX_CONTAINERS_PER_POD; i++) {
      pod.append("  - name: c").append(i).append('\n');
    }

    assertThatThrownBy(() -> parse(pod.toString())).isInstanceOf(InputException.class)
        .hasMessage("pods.yaml: pod default/web: 1001 containers, more than the 1000 a pod may have (init, app and "
            + "ephemeral containers together)");
    assertThat(parse(pod.substring(0, pod.lastIndexOf("  - name:")))).hasSize(1);
  }

  @Test
  void anInputOfMoreThan10000PodsIsRefused_in3() {
    StringBuilder list = new StringBuilder("kind: List\nitems:\n");
    for (int i = 0; i <= PodManifests.MAX_PODS; i++) {
      list.append("- {kind: Pod, metadata: {name: p").append(i).append("}, spec: {containers: [{name: c}]}}\n");
    }

    assertThatThrownBy(() -> parse(list.toString())).isInstanceOf(InputException.class)
        .hasMessage("pods.yaml: document 1: more than 10000 pods, the limit of one input");
  }

  @Test
  void aYamlFileOfMoreThan16MiCharactersIsRefused_in2() {
    String big = "# " + "x".repeat(YamlDocuments.MAX_FILE_CHARS);

    assertThatThrownBy(() -> parse(big)).isInstanceOf(InputException.class)
        .hasMessage("pods.yaml: larger than 16777216 characters, the limit of a YAML file");
  }

  /**
   * Issue 24 item 7: a pods file on disk larger than the limit is refused by its size, before it is read
   * (a 50 MB file took 42 s and 1.4 GB to refuse); the check reads no byte of it.
   */
  @Test
  void aPodsFileLargerThanTheLimitIsRefusedByItsSizeBeforeItIsRead_in2(@TempDir Path dir) throws IOException {
    Path big = dir.resolve("pods.yaml");
    try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(big,
        java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
      channel.write(java.nio.ByteBuffer.wrap(new byte[] {'#'}), 50L << 20); // sparse: 50 MiB, one byte written
    }

    assertThatThrownBy(() -> PodManifests.read(big, FieldValidation.warn(), API_SERVER))
        .isInstanceOf(InputException.class)
        .hasMessage(big + ": larger than 16777216 bytes, the limit of a YAML file");
  }

  private static java.util.List<io.podtopo.domain.pod.Pod> parse(String yaml) {
    return PodManifests.parse("pods.yaml", new StringReader(yaml), FieldValidation.warn(), API_SERVER);
  }
}
