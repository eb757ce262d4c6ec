package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.domain.topology.Machine;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for kubelet configuration files: any file is the settings of the node's resource
 * managers, which start on the catalog's {@code demo-2s} machine, or one {@link InputException}
 * (when reading, or when the managers refuse the settings). Replays
 * {@code KubeletConfigFuzzTestInputs/} (the configurations of {@code examples/} and the built-in
 * one) in every build; {@code -Pfuzz} fuzzes it (docs/guide/fuzzing.md).
 */
class KubeletConfigFuzzTest {

  private static final Machine MACHINE = MachineCatalog.bundled().machine(MachineCatalog.DEFAULT_MACHINE);

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aKubeletConfigurationIsSettingsOrAnInputError_in1(byte[] content) {
    try {
      NodeSettings settings = KubeletConfigFile.parse("kubelet.yaml",
          new StringReader(new String(content, StandardCharsets.UTF_8)), FieldValidation.warn());
      assertThat(NodeConfigs.managers(settings, MACHINE)).isNotNull();
    } catch (InputException e) {
      assertThat(e.getMessage()).startsWith("kubelet.yaml: ");
    }
  }
}
