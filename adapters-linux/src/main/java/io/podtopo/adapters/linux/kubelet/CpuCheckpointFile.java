package io.podtopo.adapters.linux.kubelet;

import io.podtopo.domain.text.GoQuote;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.gates.FeatureGates;
import io.podtopo.domain.topology.CpuSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads {@code cpu_manager_state} as kubelet v1.37's {@code stateCheckpoint.restoreState} does
 * ({@code cpumanager/state/state_checkpoint.go}): {@code loadAndMigrateCheckpointV4} tries V4,
 * falls back to V3 and then V2 unless the file has V4 {@code data} (then a V4 error is final),
 * checks the policy name, and parses the CPU sets. Pod entries are restored only with the
 * {@code PodLevelResourceManagers} gate on. A V1 file (entries by container id) is refused, as
 * the kubelet refuses it; the error says why it cannot be mapped to pods.
 */
final class CpuCheckpointFile {

  private static final String LEGACY = "CPUManagerCheckpoint";

  private CpuCheckpointFile() {}

  /**
   * The CPU Manager state in {@code content}.
   *
   * @param configuredPolicy the configured {@code cpuManagerPolicy} ({@code none}, {@code static})
   * @throws CheckpointLoadException with the kubelet's reason
   */
  static RestoredCheckpoint<CpuManagerState> read(String content, String configuredPolicy, FeatureGates gates)
      throws CheckpointLoadException {
    LoadedCheckpoint loaded = load(content, gates);
    String policy = loaded.text("PolicyName");
    if (!configuredPolicy.equals(policy)) {
      throw new CheckpointLoadException("configured policy " + GoQuote.of(configuredPolicy)
          + " differs from state checkpoint policy " + GoQuote.of(policy));
    }
    String defaultText = loaded.text("DefaultCPUSet");
    CpuSet defaultSet;
    try {
      defaultSet = GoCpuSet.parse(defaultText);
    } catch (GoCpuSet.ParseException e) {
      throw new CheckpointLoadException("could not parse default CPU set " + GoQuote.of(defaultText) + ": "
          + e.getMessage());
    }
    Map<String, Map<String, CpuSet>> entries = new TreeMap<>();
    for (Map.Entry<String, GoValue> pod : GoValues.entries(loaded.payload().field("Entries")).entrySet()) {
      Map<String, CpuSet> containers = new TreeMap<>();
      for (Map.Entry<String, GoValue> container : GoValues.entries(pod.getValue()).entrySet()) {
        String text = GoValues.text(container.getValue());
        try {
          containers.put(container.getKey(), GoCpuSet.parse(text));
        } catch (GoCpuSet.ParseException e) {
          throw new CheckpointLoadException("could not parse cpuset " + GoQuote.of(text) + " for container "
              + GoQuote.of(container.getKey()) + " in pod " + GoQuote.of(pod.getKey()) + ": " + e.getMessage());
        }
      }
      entries.put(pod.getKey(), containers);
    }
    Map<String, CpuSet> podEntries = new TreeMap<>();
    if (gates.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS) && !loaded.version().equals("V2")) {
      GoValues.entries(loaded.payload().field("PodEntries"))
          .forEach((pod, entry) -> podEntries.put(pod, podCpus(entry)));
    }
    return new RestoredCheckpoint<>(loaded.version(), loaded.verification(), policy,
        CpuManagerState.of(defaultSet, entries, podEntries));
  }

  /**
   * The kubelet's load-and-migrate chain, without the policy check: the format the file is read
   * as, its verification and its payload.
   *
   * @throws CheckpointLoadException with the kubelet's reason
   */
  static LoadedCheckpoint load(String content, FeatureGates gates) throws CheckpointLoadException {
    return loadV4(content, gates);
  }

  private static LoadedCheckpoint loadV4(String content, FeatureGates gates) throws CheckpointLoadException {
    GoJson.Decoded top = GoJson.unmarshal(content, CpuCheckpointTypes.V4);
    GoValue.GoStruct checkpoint = (GoValue.GoStruct) top.value();
    String data = GoValues.text(checkpoint.field("Data"));
    long dataChecksum = GoValues.unsigned(checkpoint.field("DataChecksum"));
    CheckpointLoadException failure;
    if (top.error().isPresent()) {
      failure = new CheckpointLoadException("failed to deserialize cpu manager checkpoint: " + top.error().get());
    } else {
      GoJson.Decoded payload = GoJson.unmarshal(data, CpuCheckpointTypes.DATA);
      if (payload.error().isPresent()) {
        failure = new CheckpointLoadException("failed to deserialize cpu manager checkpoint data: "
            + payload.error().get());
      } else {
        try {
          return new LoadedCheckpoint("V4", LegacyChecksum.verifyData(data, dataChecksum),
              (GoValue.GoStruct) payload.value());
        } catch (CheckpointLoadException e) {
          failure = e;
        }
      }
    }
    if (!data.isEmpty() || dataChecksum != 0) {
      throw new CheckpointLoadException("could not load v4 checkpoint: " + failure.getMessage(),
          failure.verification());
    }
    return loadV3(content, gates);
  }

  private static LoadedCheckpoint loadV3(String content, FeatureGates gates) throws CheckpointLoadException {
    GoJson.Decoded v3 = GoJson.unmarshal(content, CpuCheckpointTypes.V3);
    if (v3.error().isEmpty()) {
      GoValue.GoStruct checkpoint = (GoValue.GoStruct) v3.value();
      try {
        return new LoadedCheckpoint("V3", LegacyChecksum.verify(checkpoint, false, List.of(LegacyChecksum.Naming.own(),
            LegacyChecksum.Naming.renamed("CPUManagerCheckpointV3", LEGACY))), checkpoint);
      } catch (CheckpointLoadException e) {
        return loadV2(content, gates);
      }
    }
    return loadV2(content, gates);
  }

  private static LoadedCheckpoint loadV2(String content, FeatureGates gates) throws CheckpointLoadException {
    GoJson.Decoded v2 = GoJson.unmarshal(content, CpuCheckpointTypes.V2);
    if (v2.error().isPresent()) {
      throw v1Explained(content, v2.error().get());
    }
    GoValue.GoStruct checkpoint = (GoValue.GoStruct) v2.value();
    LegacyChecksum.Naming legacy = LegacyChecksum.Naming.renamed("CPUManagerCheckpointV2", LEGACY);
    List<LegacyChecksum.Naming> namings = gates.enabled(FeatureGates.POD_LEVEL_RESOURCE_MANAGERS)
        ? List.of(legacy) : List.of(LegacyChecksum.Naming.own(), legacy);
    return new LoadedCheckpoint("V2", LegacyChecksum.verify(checkpoint, true, namings), checkpoint);
  }

  /**
   * The V2 error of a file that is a V1 checkpoint, which kubelet v1.37 does not migrate any more
   * (its {@code loadCheckpointV2} is "the oldest supported version"), with the reason and the
   * verification of the V1 checksum.
   */
  private static CheckpointLoadException v1Explained(String content, String v2Error) {
    GoJson.Decoded v1 = GoJson.unmarshal(content, CpuCheckpointTypes.V1);
    if (v1.error().isPresent()) {
      return new CheckpointLoadException(v2Error);
    }
    Verification verification;
    try {
      verification = LegacyChecksum.verify((GoValue.GoStruct) v1.value(), true,
          List.of(LegacyChecksum.Naming.renamed("CPUManagerCheckpointV1", LEGACY)));
    } catch (CheckpointLoadException e) {
      verification = e.verification().orElseThrow();
    }
    return new CheckpointLoadException(v2Error + " (a V1 checkpoint, checksum " + verification.describe()
        + ": its entries are keyed by container ID, which cannot be mapped to pods, and the kubelet no longer "
        + "migrates it)", Optional.of(verification));
  }

  /** The CPUs of a decoded {@code state.PodEntry}: the keys of its {@code CPUSet.elems}. */
  private static CpuSet podCpus(GoValue entry) {
    GoValue elems = ((GoValue.GoStruct) ((GoValue.GoStruct) entry).field("CPUSet")).field("elems");
    CpuSet.Builder cpus = new CpuSet.Builder();
    GoValues.entries(elems).keySet().forEach(cpu -> cpus.add(Integer.parseInt(cpu)));
    return cpus.build();
  }
}
