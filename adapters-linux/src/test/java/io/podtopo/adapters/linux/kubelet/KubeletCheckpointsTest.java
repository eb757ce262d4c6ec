package io.podtopo.adapters.linux.kubelet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryTable;
import io.podtopo.domain.node.CpuManagerPolicy;
import io.podtopo.domain.node.MemoryManagerPolicy;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.topology.CpuSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading a kubelet state folder: each format, each refusal, with the kubelet's texts. */
class KubeletCheckpointsTest {

  private static final String V4 = "{\"policyName\":\"static\",\"defaultCpuSet\":\"0-1,6-7\",\"checksum\":0,"
      + "\"data\":\"{\\\"policyName\\\":\\\"static\\\",\\\"defaultCpuSet\\\":\\\"0-1,6-7\\\",\\\"entries\\\":"
      + "{\\\"pod-a\\\":{\\\"app\\\":\\\"2-3\\\"}},\\\"podEntries\\\":{\\\"pod-a\\\":{\\\"cpuSet\\\":\\\"2-5\\\"}}}\","
      + "\"dataChecksum\":%d}";
  private static final String MEMORY_V3_DATA = "{\"policyName\":\"Static\",\"machineState\":{\"0\":{\"numberOfAssignments\":1,"
      + "\"memoryMap\":{\"memory\":{\"total\":2048,\"systemReserved\":512,\"allocatable\":1536,\"reserved\":512,"
      + "\"free\":1024}},\"cells\":[0]}},\"entries\":{\"pod-a\":{\"app\":[{\"numaAffinity\":[0],\"type\":\"memory\","
      + "\"size\":512}]}},\"podEntries\":{\"pod-a\":{\"memoryBlocks\":[{\"numaAffinity\":[0],\"type\":\"memory\","
      + "\"size\":512}]}}}";

  @TempDir
  Path dir;

  private static NodeConfig config(boolean podLevelResourceManagers) {
    return new NodeConfig.Builder().cpuManagerPolicy(CpuManagerPolicy.STATIC)
        .memoryManagerPolicy(MemoryManagerPolicy.STATIC).putReservedMemory(0, new java.util.TreeMap<>(java.util.Map.of("memory", 512L)))
        .featureGates(FeatureGates.defaults().with(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS, podLevelResourceManagers))
        .build();
  }

  private static String v4(String content) {
    String data = content.substring(content.indexOf("\"data\":\"") + 8, content.indexOf("\",\"dataChecksum\""))
        .replace("\\\"", "\"");
    return String.format(java.util.Locale.ROOT, content, KubeletChecksum.ofString(data));
  }

  private Path write(String file, String content) throws IOException {
    return Files.writeString(dir.resolve(file), content);
  }

  @Test
  void absentFilesStartEmptyManagers() {
    KubeletState state = KubeletCheckpoints.read(dir, config(true));
    assertThat(state.state().cpu().defaultCpuSet()).isEqualTo(CpuSet.empty());
    assertThat(state.state().memory().machineState().isEmpty()).isTrue();
    assertThat(state.files()).extracting(CheckpointReport::describe).containsExactly(
        "cpu_manager_state: absent (the manager starts empty)", "memory_manager_state: absent (the manager starts empty)");
  }

  @Test
  void aV4CpuCheckpointRestoresEntriesAndPodEntriesFromItsData() throws IOException {
    write(KubeletCheckpoints.CPU_MANAGER_STATE, v4(V4));
    KubeletState state = KubeletCheckpoints.read(dir, config(true));
    assertThat(state.state().cpu().defaultCpuSet()).isEqualTo(CpuSet.parse("0-1,6-7"));
    assertThat(state.state().cpu().containerCpus("pod-a", "app")).contains(CpuSet.parse("2-3"));
    assertThat(state.state().cpu().podCpus("pod-a")).contains(CpuSet.parse("2-5"));
    assertThat(state.files().get(0).describe()).startsWith("cpu_manager_state: V4, policy static, VERIFIED (dataChecksum ");
  }

  @Test
  void podEntriesAreNotRestoredWithThePodLevelResourceManagersGateOff() throws IOException {
    write(KubeletCheckpoints.CPU_MANAGER_STATE, v4(V4));
    write(KubeletCheckpoints.MEMORY_MANAGER_STATE, memoryV3("Static"));
    KubeletState state = KubeletCheckpoints.read(dir, config(false));
    assertThat(state.state().cpu().podEntries()).isEmpty();
    assertThat(state.state().cpu().containerCpus("pod-a", "app")).isPresent();
    assertThat(state.state().memory().podEntries()).isEmpty();
  }

  @Test
  void aV3MemoryCheckpointRestoresMachineStateEntriesAndPodEntries() throws IOException {
    write(KubeletCheckpoints.MEMORY_MANAGER_STATE, memoryV3("Static"));
    KubeletState state = KubeletCheckpoints.read(dir, config(true));
    assertThat(state.state().memory().machineState().table(0, "memory")).contains(MemoryTable.of(2048, 512, 1536, 512, 1024));
    assertThat(state.state().memory().machineState().nodes().get(0).cells()).containsExactly(0);
    assertThat(state.state().memory().containerBlocks("pod-a", "app")).contains(List.of(MemoryBlock.of(List.of(0), "memory", 512)));
    assertThat(state.state().memory().podBlocks("pod-a")).contains(List.of(MemoryBlock.of(List.of(0), "memory", 512)));
    assertThat(state.files().get(1).describe()).startsWith("memory_manager_state: V3, policy Static, VERIFIED");
  }

  @Test
  void aCheckpointOfAnotherCpuPolicyIsRefusedWithTheKubeletsStartUpText() throws IOException {
    Path file = write(KubeletCheckpoints.CPU_MANAGER_STATE, v4(V4.replace("static", "none")));
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true))).isInstanceOf(KubeletStateException.class)
        .hasMessage("could not restore state from checkpoint: configured policy \"static\" differs from state checkpoint "
            + "policy \"none\", please drain this node and delete the CPU manager checkpoint file \"" + file
            + "\" before restarting Kubelet");
  }

  @Test
  void aCheckpointOfAnotherMemoryPolicyIsRefusedWithTheKubeletsStartUpText() throws IOException {
    write(KubeletCheckpoints.MEMORY_MANAGER_STATE, memoryV3("None"));
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true)))
        .hasMessageContaining("[memorymanager] configured policy \"Static\" differs from state checkpoint policy \"None\", "
            + "please drain this node and delete the memory manager checkpoint file");
  }

  @Test
  void aCorruptedChecksumIsRefusedWithTheMismatch() throws IOException {
    write(KubeletCheckpoints.CPU_MANAGER_STATE, String.format(java.util.Locale.ROOT, V4, 1234));
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true)))
        .hasMessageStartingWith("could not restore state from checkpoint: could not load v4 checkpoint: checkpoint is corrupted, ")
        .satisfies(e -> assertThat(((KubeletStateException) e).verification().orElseThrow().describe())
            .startsWith("MISMATCH (dataChecksum 1234 in the file, "));
  }

  @Test
  void aV1CpuCheckpointIsRefusedBecauseContainerIdsCannotBeMappedToPods() throws IOException {
    write(KubeletCheckpoints.CPU_MANAGER_STATE,
        "{\"policyName\":\"static\",\"defaultCpuSet\":\"7-9\",\"entries\":{\"containerID1\":\"4-6\",\"containerID2\":\"1-3\"},"
            + "\"checksum\":2026311253}");
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true))).hasMessageContaining(
        "json: cannot unmarshal string into Go struct field CPUManagerCheckpointV2.entries of type map[string]string "
            + "(a V1 checkpoint, checksum VERIFIED (checksum 2026311253 of state.CPUManagerCheckpoint): its entries are "
            + "keyed by container ID, which cannot be mapped to pods");
  }

  @Test
  void truncatedJsonIsRefusedWithGosText() throws IOException {
    write(KubeletCheckpoints.CPU_MANAGER_STATE, "{");
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true)))
        .hasMessageStartingWith("could not restore state from checkpoint: unexpected end of JSON input, please drain");
  }

  /** Issue 24 item 6: a checkpoint nested too deep says so as Go does, not with the JSON library's limit's name. */
  @Test
  void issue24_item6_aCheckpointNestedTooDeepIsRefusedWithGosText() throws IOException {
    write(KubeletCheckpoints.CPU_MANAGER_STATE, "[".repeat(5000) + "]".repeat(5000));
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true)))
        .hasMessageStartingWith("could not restore state from checkpoint: exceeded max depth, please drain")
        .message().doesNotContain("StreamReadConstraints");
  }

  @Test
  void jsonThatIsNotACheckpointIsRefused() throws IOException {
    write(KubeletCheckpoints.MEMORY_MANAGER_STATE, "[1, 2]");
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true))).hasMessageStartingWith(
        "could not restore state from checkpoint: json: cannot unmarshal array into Go value of type "
            + "state.MemoryManagerCheckpointV1, please drain");
  }

  @Test
  void anUnparsableCpuSetIsRefusedWithTheKubeletsText() throws IOException {
    write(KubeletCheckpoints.CPU_MANAGER_STATE, v4(V4.replace("2-3", "2-x")));
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true))).hasMessageContaining(
        "could not parse cpuset \"2-x\" for container \"app\" in pod \"pod-a\": strconv.Atoi: parsing \"x\": invalid syntax");
  }

  @Test
  void aCheckpointFileThatIsADirectoryIsRefused() throws IOException {
    Files.createDirectory(dir.resolve(KubeletCheckpoints.CPU_MANAGER_STATE));
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true))).isInstanceOf(KubeletStateException.class)
        .hasMessage("is a directory, not a checkpoint file");
  }

  @Test
  void aCheckpointFileThatCannotBeReadIsRefused() throws IOException {
    Files.createSymbolicLink(dir.resolve(KubeletCheckpoints.MEMORY_MANAGER_STATE), dir.resolve("nowhere"));
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir, config(true))).isInstanceOf(KubeletStateException.class)
        .hasMessageStartingWith("cannot read the checkpoint file: NoSuchFileException");
  }

  @Test
  void aStateFolderThatDoesNotExistIsRefused() {
    assertThatThrownBy(() -> KubeletCheckpoints.read(dir.resolve("missing"), config(true)))
        .hasMessage("no such directory");
  }

  @Test
  void underPolicyNoneAMatchingCheckpointIsReadButTheCpuManagerKeepsNoState() throws IOException {
    write(KubeletCheckpoints.CPU_MANAGER_STATE, v4(V4.replace("static", "none")));
    NodeConfig none = new NodeConfig.Builder().from(config(true)).cpuManagerPolicy(CpuManagerPolicy.NONE).build();
    KubeletState state = KubeletCheckpoints.read(dir, none);
    assertThat(state.state().cpu().entries()).isEmpty();
    assertThat(state.files().get(0).policyName()).contains("none");
  }

  private static String memoryV3(String policy) {
    String data = MEMORY_V3_DATA.replace("Static", policy);
    return "{\"policyName\":\"Static\",\"machineState\":{},\"checksum\":0,\"data\":"
        + new com.fasterxml.jackson.databind.node.TextNode(data) + ",\"dataChecksum\":"
        + KubeletChecksum.ofString(data) + "}";
  }
}
