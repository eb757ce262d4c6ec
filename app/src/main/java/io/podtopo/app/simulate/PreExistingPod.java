package io.podtopo.app.simulate;

import io.podtopo.app.input.PodKey;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A pod the kubelet's checkpoints hold, known by its uid and what the managers recorded for it:
 * its bubble and pod memory (pod-level pods), and per container its CPUs and memory blocks; and by
 * its namespace and name when a manifest given to the run has its uid. Whether a container's CPUs
 * are exclusive, and its role, are not in the checkpoints.
 *
 * @param uid the pod's uid
 * @param manifest the pod given to the run with this uid ({@code metadata.uid}), if any
 * @param podCpus its bubble, if it has one
 * @param podMemory its pod memory entry (empty when none)
 * @param containers its containers with entries, by name
 */
public record PreExistingPod(String uid, Optional<Pod> manifest, Optional<CpuSet> podCpus, List<MemoryBlock> podMemory,
    List<Container> containers) {

  public PreExistingPod {
    Objects.requireNonNull(uid, "uid");
    Objects.requireNonNull(manifest, "manifest");
    Objects.requireNonNull(podCpus, "podCpus");
    podMemory = List.copyOf(podMemory);
    containers = List.copyOf(containers);
  }

  /**
   * A container of a pre-existing pod.
   *
   * @param name its name
   * @param cpus its CPU Manager entry, if it has one
   * @param memory its Memory Manager blocks (empty when none)
   */
  public record Container(String name, Optional<CpuSet> cpus, List<MemoryBlock> memory) {
    public Container {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(cpus, "cpus");
      memory = List.copyOf(memory);
    }
  }

  /** How reports name the pod: {@code namespace/name} of its manifest, else its uid. */
  public String name() {
    return manifest.map(PodKey::of).orElse(uid);
  }

  /**
   * Every pod with an entry in {@code state} whose uid is not in {@code known}, in uid order, each
   * with the pod of {@code given} that has its uid, if any.
   */
  public static List<PreExistingPod> in(NodeState state, Set<String> known, List<Pod> given) {
    Map<String, Pod> manifests = new HashMap<>();
    given.forEach(pod -> manifests.put(pod.uid(), pod));
    SortedSet<String> uids = new TreeSet<>();
    uids.addAll(state.cpu().entries().keySet());
    uids.addAll(state.cpu().podEntries().keySet());
    uids.addAll(state.memory().containerEntries().keySet());
    uids.addAll(state.memory().podEntries().keySet());
    uids.removeAll(known);
    List<PreExistingPod> pods = new ArrayList<>();
    for (String uid : uids) {
      SortedSet<String> names = new TreeSet<>(state.cpu().containerEntries(uid).keySet());
      names.addAll(state.memory().containersOf(uid).keySet());
      List<Container> containers = names.stream().map(name -> new Container(name,
          state.cpu().containerCpus(uid, name), state.memory().containerBlocks(uid, name).orElse(List.of()))).toList();
      pods.add(new PreExistingPod(uid, Optional.ofNullable(manifests.get(uid)), state.cpu().podCpus(uid),
          state.memory().podBlocks(uid).orElse(List.of()), containers));
    }
    return pods;
  }
}
