package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.json.HintJson;
import io.podtopo.conformance.json.MemoryStateJson;
import io.podtopo.domain.collect.TrackedSortedMap;
import io.podtopo.domain.cpumanager.CpuManagerState;
import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.memorymanager.MemoryManagerState;
import io.podtopo.domain.node.AdmissionTrace;
import io.podtopo.domain.node.ContainerAssignment;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.ContainerRole;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.node.PodAssignment;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.NumaMask;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.ProviderAnswer;
import io.podtopo.domain.topologymanager.TopologyHint;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Reads a subject's node-scenario answer (FORMAT.md) back into the domain's values, so that the
 * invariants can judge any subject: the state of a node ({@code defaultCpuSet}, {@code pods},
 * {@code topologyHints}, {@code machineState}), an admitted pod's assignment, the PodResources view
 * and the merges. A missing or malformed field is an {@link IllegalArgumentException} naming it.
 */
final class AnswerJsonReader {

  private AnswerJsonReader() {}

  static NodeState state(String where, JsonNode node) {
    CpuSet defaultCpus = cpus(where + " defaultCpuSet", required(where, node, "defaultCpuSet"));
    SortedMap<String, SortedMap<String, CpuSet>> cpuEntries = new TreeMap<>();
    SortedMap<String, CpuSet> bubbles = new TreeMap<>();
    SortedMap<String, SortedMap<String, List<MemoryBlock>>> memoryEntries = new TreeMap<>();
    SortedMap<String, List<MemoryBlock>> podMemory = new TreeMap<>();
    JsonNode pods = required(where, node, "pods");
    for (Map.Entry<String, JsonNode> pod : fields(pods)) {
      String uid = pod.getKey();
      String podWhere = where + " pods." + uid;
      optionalCpus(podWhere + ".cpus", pod.getValue().get("cpus")).ifPresent(cpus -> bubbles.put(uid, cpus));
      optionalBlocks(pod.getValue().get("memory")).ifPresent(blocks -> podMemory.put(uid, blocks));
      SortedMap<String, CpuSet> cpus = new TreeMap<>();
      SortedMap<String, List<MemoryBlock>> memory = new TreeMap<>();
      for (Map.Entry<String, JsonNode> container : fields(pod.getValue().path("containers"))) {
        String name = container.getKey();
        optionalCpus(podWhere + ".containers." + name + ".cpus", container.getValue().get("cpus"))
            .ifPresent(set -> cpus.put(name, set));
        optionalBlocks(container.getValue().get("memory")).ifPresent(blocks -> memory.put(name, blocks));
      }
      if (!cpus.isEmpty()) {
        cpuEntries.put(uid, Collections.unmodifiableSortedMap(cpus));
      }
      if (!memory.isEmpty()) {
        memoryEntries.put(uid, Collections.unmodifiableSortedMap(memory));
      }
    }
    SortedMap<String, SortedMap<String, TopologyHint>> hints = new TreeMap<>();
    for (Map.Entry<String, JsonNode> pod : fields(node.path("topologyHints"))) {
      SortedMap<String, TopologyHint> byContainer = new TreeMap<>();
      fields(pod.getValue()).forEach(container -> byContainer.put(container.getKey(), HintJson.hint(container.getValue())));
      hints.put(pod.getKey(), Collections.unmodifiableSortedMap(byContainer));
    }
    return new NodeState.Builder()
        .cpu(CpuManagerState.of(defaultCpus, cpuEntries, bubbles))
        .memory(new MemoryManagerState.Builder()
            .machineState(MemoryStateJson.machineState(node.path("machineState")))
            .containerEntries(TrackedSortedMap.copyOf(memoryEntries))
            .podEntries(TrackedSortedMap.copyOf(podMemory))
            .build())
        .topologyHints(TrackedSortedMap.copyOf(hints))
        .build();
  }

  /** What an admitted pod holds in the answer's {@code pods}, in pod order, with the container roles. */
  static PodAssignment assignment(String where, JsonNode node, Pod pod, NodeState state) {
    JsonNode answered = node.path("pods").path(pod.uid());
    TreeSet<Integer> nodes = new TreeSet<>();
    state.topologyHints().getOrDefault(pod.uid(), Collections.emptySortedMap()).values()
        .forEach(hint -> hint.affinity().ifPresent(mask -> nodes.addAll(mask.nodes())));
    PodAssignment.Builder assignment = new PodAssignment.Builder()
        .uid(pod.uid()).name(pod.name()).namespace(pod.namespace())
        .numaAffinity(nodes.isEmpty() ? Optional.empty() : Optional.of(NumaMask.of(nodes)))
        .podCpus(state.cpu().podCpus(pod.uid()))
        .podMemory(state.memory().podBlocks(pod.uid()).orElse(List.of()));
    List<Map.Entry<Container, ContainerRole>> members = new ArrayList<>();
    pod.initContainers().forEach(c -> members.add(Map.entry(c, c.restartable() ? ContainerRole.SIDECAR : ContainerRole.INIT)));
    pod.containers().forEach(c -> members.add(Map.entry(c, ContainerRole.APP)));
    pod.ephemeralContainers().forEach(c -> members.add(Map.entry(c, ContainerRole.EPHEMERAL)));
    for (Map.Entry<Container, ContainerRole> member : members) {
      String name = member.getKey().name();
      String containerWhere = where + " pods." + pod.uid() + ".containers." + name;
      JsonNode container = answered.path("containers").path(name);
      if (container.isMissingNode()) {
        throw new IllegalArgumentException(containerWhere + " is missing: every container of an admitted pod is listed");
      }
      JsonNode quota = container.get("cfsQuota");
      if (quota == null || !quota.isBoolean()) {
        throw new IllegalArgumentException(containerWhere + ".cfsQuota must be true or false");
      }
      assignment.addContainer(new ContainerAssignment.Builder()
          .name(name)
          .role(member.getValue())
          .cpus(state.cpu().containerCpus(pod.uid(), name))
          .exclusive(!quota.booleanValue())
          .isolation(isolation(containerWhere + ".isolation", container.get("isolation")))
          .memory(state.memory().containerBlocks(pod.uid(), name).orElse(List.of()))
          .build());
    }
    return assignment.build();
  }

  private static ResourceIsolationLevel isolation(String where, JsonNode node) {
    if (node == null || !node.isTextual()) {
      throw new IllegalArgumentException(where + " must be \"container\", \"pod\" or \"host\"");
    }
    try {
      return ResourceIsolationLevel.valueOf(node.asText().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + " must be \"container\", \"pod\" or \"host\", got " + node);
    }
  }

  /** The answer's {@code podResources}. */
  static PodResourcesView podResources(String where, JsonNode node) {
    PodResourcesView.Builder view = new PodResourcesView.Builder();
    for (JsonNode pod : required(where, node, "podResources").path("pods")) {
      PodResources.Builder resources = new PodResources.Builder()
          .name(pod.path("name").asText())
          .namespace(pod.path("namespace").asText())
          .cpuIds(cpus(where + " podResources cpuIds", pod.get("cpuIds")))
          .memory(MemoryStateJson.blocks(pod.path("memory")));
      for (JsonNode container : pod.path("containers")) {
        resources.addContainer(new ContainerResources.Builder()
            .name(container.path("name").asText())
            .cpuIds(cpus(where + " podResources container cpuIds", container.get("cpuIds")))
            .memory(MemoryStateJson.blocks(container.path("memory")))
            .build());
      }
      view.addPod(resources.build());
    }
    return view.build();
  }

  /** The merges of an admission step; empty when the answer gives none. */
  static Optional<AdmissionTrace> trace(JsonNode step) {
    JsonNode merges = step.get("merges");
    if (merges == null || !merges.isArray()) {
      return Optional.empty();
    }
    AdmissionTrace.Builder trace = new AdmissionTrace.Builder();
    for (JsonNode merge : merges) {
      List<ProviderAnswer> answers = new ArrayList<>();
      merge.path("providers").forEach(provider ->
          answers.add(ProviderAnswer.of(provider.path("name").asText(), HintJson.provider(provider.get("hints")))));
      trace.addMerges(new MergeTrace.Builder()
          .container(merge.hasNonNull("container") ? Optional.of(merge.get("container").asText()) : Optional.empty())
          .answers(answers)
          .bestHint(HintJson.hint(merge.get("bestHint")))
          .admit(merge.path("admit").asBoolean())
          .build());
    }
    return Optional.of(trace.build());
  }

  static JsonNode required(String where, JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    if (value == null || value.isNull()) {
      throw new IllegalArgumentException(where + ": the answer has no \"" + field + "\"");
    }
    return value;
  }

  private static CpuSet cpus(String where, JsonNode node) {
    if (node == null || !node.isTextual()) {
      throw new IllegalArgumentException(where + " must be a cpulist string, got " + node);
    }
    return CpuSet.parse(node.asText());
  }

  private static Optional<CpuSet> optionalCpus(String where, JsonNode node) {
    return node == null || node.isNull() ? Optional.empty() : Optional.of(cpus(where, node));
  }

  private static Optional<List<MemoryBlock>> optionalBlocks(JsonNode node) {
    return node == null || node.isNull() ? Optional.empty() : Optional.of(MemoryStateJson.blocks(node));
  }

  private static List<Map.Entry<String, JsonNode>> fields(JsonNode node) {
    List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
    if (node != null && node.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
        fields.add(it.next());
      }
    }
    return fields;
  }
}
