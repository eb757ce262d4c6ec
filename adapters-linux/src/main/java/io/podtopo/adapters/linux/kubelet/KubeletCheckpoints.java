package io.podtopo.adapters.linux.kubelet;

import io.podtopo.domain.text.GoQuote;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.NodeState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The kubelet's own checkpoint files in a state folder (a copy of {@code /var/lib/kubelet}):
 * {@code cpu_manager_state} (formats V1 to V4) and {@code memory_manager_state} (V1 to V3), read
 * and verified as kubelet v1.37 reads them at start-up, into a {@link NodeState}.
 *
 * <p>An absent file is an empty manager state, as the kubelet starts one. A file the kubelet would
 * refuse (corrupt checksum, another policy, unparsable content) is refused with the kubelet's
 * text, wrapped as the kubelet wraps it; a folder or file that cannot be read, with the reason.
 */
public final class KubeletCheckpoints {

  /** The CPU Manager's checkpoint file name. */
  public static final String CPU_MANAGER_STATE = "cpu_manager_state";
  /** The Memory Manager's checkpoint file name. */
  public static final String MEMORY_MANAGER_STATE = "memory_manager_state";

  private KubeletCheckpoints() {}

  /**
   * Reads both checkpoint files of {@code directory} for a node configured as {@code config}
   * (its policy names and its {@code PodLevelResourceManagers} gate).
   *
   * @throws KubeletStateException when the folder or a file cannot be read, or the kubelet would
   *     refuse a file
   */
  public static KubeletState read(Path directory, NodeConfig config) {
    if (!Files.isDirectory(directory)) {
      throw new KubeletStateException(directory, Files.exists(directory) ? "not a directory" : "no such directory",
          Optional.empty());
    }
    CheckpointReport cpuReport = CheckpointReport.absent(CPU_MANAGER_STATE);
    CpuManagerState cpu = CpuManagerState.empty();
    Optional<String> cpuContent = content(directory.resolve(CPU_MANAGER_STATE));
    if (cpuContent.isPresent()) {
      RestoredCheckpoint<CpuManagerState> restored = restore(directory.resolve(CPU_MANAGER_STATE), "CPU manager",
          () -> CpuCheckpointFile.read(cpuContent.get(), config.cpuManagerPolicy().kubeletName(), config.featureGates()));
      cpuReport = CheckpointReport.of(CPU_MANAGER_STATE, restored);
      cpu = config.cpuManagerPolicy() == CpuManagerPolicy.STATIC ? restored.state() : cpu;
    }
    CheckpointReport memoryReport = CheckpointReport.absent(MEMORY_MANAGER_STATE);
    MemoryManagerState memory = MemoryManagerState.empty();
    Optional<String> memoryContent = content(directory.resolve(MEMORY_MANAGER_STATE));
    if (memoryContent.isPresent()) {
      RestoredCheckpoint<MemoryManagerState> restored = restore(directory.resolve(MEMORY_MANAGER_STATE),
          "memory manager", () -> MemoryCheckpointFile.read(memoryContent.get(),
              config.memoryManagerPolicy().kubeletName(), config.featureGates()));
      memoryReport = CheckpointReport.of(MEMORY_MANAGER_STATE, restored);
      memory = config.memoryManagerPolicy() == MemoryManagerPolicy.STATIC ? restored.state() : memory;
    }
    return new KubeletState(new NodeState.Builder().cpu(cpu).memory(memory).build(), List.of(cpuReport, memoryReport));
  }

  /** A reader of one file that may refuse it. */
  private interface Restore<S> {
    RestoredCheckpoint<S> run() throws CheckpointLoadException;
  }

  /** Runs {@code restore}, wrapping a refusal as the kubelet's {@code NewCheckpointState} does. */
  private static <S> RestoredCheckpoint<S> restore(Path file, String manager, Restore<S> restore) {
    try {
      return restore.run();
    } catch (CheckpointLoadException e) {
      throw new KubeletStateException(file, "could not restore state from checkpoint: " + e.getMessage()
          + ", please drain this node and delete the " + manager + " checkpoint file " + GoQuote.of(file.toString())
          + " before restarting Kubelet", e.verification());
    }
  }

  /** The file's text, or empty when there is no such file. */
  private static Optional<String> content(Path file) {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
      return Optional.empty();
    }
    if (Files.isDirectory(file)) {
      throw new KubeletStateException(file, "is a directory, not a checkpoint file", Optional.empty());
    }
    try {
      return Optional.of(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new KubeletStateException(file, "cannot read the checkpoint file: " + e.getClass().getSimpleName()
          + (e.getMessage() == null ? "" : " " + e.getMessage()), Optional.empty());
    }
  }
}
