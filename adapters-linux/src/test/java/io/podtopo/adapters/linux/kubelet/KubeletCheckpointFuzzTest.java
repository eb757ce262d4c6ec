package io.podtopo.adapters.linux.kubelet;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for the kubelet's checkpoint files: any {@code cpu_manager_state} or
 * {@code memory_manager_state} is a kubelet state or a {@link KubeletStateException} in one line,
 * under the static and none policies, with the {@code PodLevelResourceManagers} gate on and off. A
 * file refused for its checksum alone is read again with the checksum the kubelet computed, so the
 * fuzzer reaches the content behind it. Replays {@code KubeletCheckpointFuzzTestInputs/} (the
 * upstream samples of {@code upstream/} and {@code examples/kubelet-state}) in every build;
 * {@code -Pfuzz} fuzzes it (docs/guide/fuzzing.md).
 */
class KubeletCheckpointFuzzTest {

  private static final List<NodeConfig> CONFIGS = List.of(
      config(CpuManagerPolicy.STATIC, MemoryManagerPolicy.STATIC, true),
      config(CpuManagerPolicy.STATIC, MemoryManagerPolicy.STATIC, false),
      config(CpuManagerPolicy.NONE, MemoryManagerPolicy.NONE, true));

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aCpuManagerCheckpointIsAStateOrAKubeletStateError_in1(byte[] content) throws IOException {
    readUnderEveryConfig(KubeletCheckpoints.CPU_MANAGER_STATE, content);
  }

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aMemoryManagerCheckpointIsAStateOrAKubeletStateError_in1(byte[] content) throws IOException {
    readUnderEveryConfig(KubeletCheckpoints.MEMORY_MANAGER_STATE, content);
  }

  private static void readUnderEveryConfig(String fileName, byte[] content) throws IOException {
    Path dir = Files.createTempDirectory("podtopo-kubelet-fuzz");
    Path file = dir.resolve(fileName);
    try {
      for (NodeConfig config : CONFIGS) {
        Files.write(file, content);
        Optional<Verification.Mismatch> mismatch = stateOrError(dir, config);
        if (mismatch.isPresent()) {
          String text = new String(content, StandardCharsets.UTF_8);
          String stored = Long.toUnsignedString(mismatch.get().stored());
          int at = text.indexOf(stored, Math.max(0, text.indexOf("\"" + mismatch.get().field() + "\"")));
          if (at >= 0) {
            Files.writeString(file, text.substring(0, at) + Long.toUnsignedString(mismatch.get().computed())
                + text.substring(at + stored.length()));
            stateOrError(dir, config);
          }
        }
      }
    } finally {
      Files.deleteIfExists(file);
      Files.delete(dir);
    }
  }

  /** Reads the folder: a state, or a refusal; the checksum mismatch when that is the refusal. */
  private static Optional<Verification.Mismatch> stateOrError(Path dir, NodeConfig config) {
    try {
      assertThat(KubeletCheckpoints.read(dir, config).files()).hasSize(2);
      return Optional.empty();
    } catch (KubeletStateException e) {
      assertThat(e.getMessage()).isNotBlank().doesNotContain("\n", "\r");
      return e.verification().filter(Verification.Mismatch.class::isInstance).map(Verification.Mismatch.class::cast);
    }
  }

  private static NodeConfig config(CpuManagerPolicy cpu, MemoryManagerPolicy memory, boolean podLevelResourceManagers) {
    NodeConfig.Builder config = new NodeConfig.Builder().cpuManagerPolicy(cpu).memoryManagerPolicy(memory)
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, podLevelResourceManagers));
    if (memory == MemoryManagerPolicy.STATIC) {
      config.putReservedMemory(0, new TreeMap<>(Map.of("memory", 512L)));
    }
    return config.build();
  }
}
