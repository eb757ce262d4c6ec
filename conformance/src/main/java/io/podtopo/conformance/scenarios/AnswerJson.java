package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.conformance.json.HintJson;
import io.podtopo.conformance.json.MemoryStateJson;
import io.podtopo.domain.cpumanager.ResourceIsolationLevel;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.node.Admission;
import io.podtopo.domain.node.ContainerResources;
import io.podtopo.domain.node.NodeResourceManagers;
import io.podtopo.domain.node.NodeState;
import io.podtopo.domain.node.PodResources;
import io.podtopo.domain.node.PodResourcesView;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topologymanager.MergeTrace;
import io.podtopo.domain.topologymanager.ProviderAnswer;
import io.podtopo.domain.topologymanager.ResourceHints;
import io.podtopo.ports.in.NodeSnapshot;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Writes the reference's node-scenario answer (FORMAT.md, kind {@code node-scenario}): the node
 * after a step as {@code defaultCpuSet}, {@code pods} (each container's CPUs, memory and devices),
 * {@code topologyHints}, {@code machineState} and {@code podResources}, and for an admission its
 * {@code decision} and {@code merges}.
 */
final class AnswerJson {

  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private AnswerJson() {}

  /**
   * The node {@code snapshot}: every pod that is active or holds state, with every container, each
   * pod's containers named by the last pod {@code given} with its uid.
   */
  static ObjectNode node(NodeResourceManagers managers, NodeSnapshot snapshot, Map<String, Pod> given) {
    NodeState state = snapshot.state();
    ObjectNode node = JSON.objectNode();
    node.put("defaultCpuSet", state.cpu().defaultCpuSet().toString());
    ObjectNode pods = node.putObject("pods");
    for (String uid : podsWithStateOrActive(snapshot)) {
      pods.set(uid, pod(managers, state, uid, Optional.ofNullable(given.get(uid))));
    }
    ObjectNode hints = node.putObject("topologyHints");
    state.topologyHints().forEach((uid, containers) -> {
      ObjectNode byContainer = hints.putObject(uid);
      containers.forEach((name, hint) -> byContainer.set(name, HintJson.write(hint)));
    });
    node.set("machineState", MemoryStateJson.write(state.memory().machineState()));
    node.set("podResources", podResources(managers.podResources(state, snapshot.activePods())));
    return node;
  }

  private static Set<String> podsWithStateOrActive(NodeSnapshot snapshot) {
    NodeState state = snapshot.state();
    Set<String> uids = new LinkedHashSet<>();
    snapshot.activePods().forEach(pod -> uids.add(pod.uid()));
    uids.addAll(state.cpu().entries().keySet());
    uids.addAll(state.cpu().podEntries().keySet());
    uids.addAll(state.memory().containerEntries().keySet());
    uids.addAll(state.memory().podEntries().keySet());
    uids.addAll(state.devices().allocations().keySet());
    return uids;
  }

  private static ObjectNode pod(NodeResourceManagers managers, NodeState state, String uid, Optional<Pod> pod) {
    ObjectNode node = JSON.objectNode();
    putCpus(node, "cpus", state.cpu().podCpus(uid));
    putBlocks(node, "memory", state.memory().podBlocks(uid));
    ObjectNode containers = node.putObject("containers");
    Set<String> names = new LinkedHashSet<>();
    pod.ifPresent(spec -> Stream.concat(spec.initAndAppContainers().stream(), spec.ephemeralContainers().stream())
        .map(Container::name).forEach(names::add));
    names.addAll(state.cpu().containerEntries(uid).keySet());
    names.addAll(state.memory().containersOf(uid).keySet());
    names.addAll(state.devices().containersOf(uid).keySet());
    for (String name : names) {
      ObjectNode container = containers.putObject(name);
      Optional<CpuSet> cpus = state.cpu().containerCpus(uid, name);
      putCpus(container, "cpus", cpus);
      putBlocks(container, "memory", state.memory().containerBlocks(uid, name));
      ObjectNode devices = container.putObject("devices");
      state.devices().devicesOf(uid, name).forEach((resource, ids) -> {
        ArrayNode list = devices.putArray(resource);
        ids.forEach(list::add);
      });
      ResourceIsolationLevel isolation = pod.flatMap(spec -> spec.container(name))
          .map(spec -> managers.cpuPolicy().isolationLevel(state.cpu(), pod.get(), spec))
          .orElse(cpus.isPresent() ? ResourceIsolationLevel.CONTAINER : ResourceIsolationLevel.HOST);
      container.put("isolation", isolation.name().toLowerCase(Locale.ROOT));
      container.put("cfsQuota", isolation != ResourceIsolationLevel.CONTAINER);
    }
    return node;
  }

  private static void putCpus(ObjectNode node, String field, Optional<CpuSet> cpus) {
    if (cpus.isPresent()) {
      node.put(field, cpus.get().toString());
    } else {
      node.putNull(field);
    }
  }

  private static void putBlocks(ObjectNode node, String field, Optional<List<MemoryBlock>> blocks) {
    if (blocks.isPresent()) {
      node.set(field, MemoryStateJson.write(blocks.get()));
    } else {
      node.putNull(field);
    }
  }

  /**
   * The PodResources v1 {@code List} answer; a container's devices as {@code {"resource", "id",
   * "numa"}} (the list reports no health).
   */
  static ObjectNode podResources(PodResourcesView view) {
    ObjectNode node = JSON.objectNode();
    ArrayNode pods = node.putArray("pods");
    for (PodResources pod : view.pods()) {
      ObjectNode written = pods.addObject().put("name", pod.name()).put("namespace", pod.namespace())
          .put("cpuIds", pod.cpuIds().toString());
      written.set("memory", MemoryStateJson.write(pod.memory()));
      ArrayNode containers = written.putArray("containers");
      for (ContainerResources container : pod.containers()) {
        ObjectNode entry = containers.addObject().put("name", container.name())
            .put("cpuIds", container.cpuIds().toString());
        entry.set("memory", MemoryStateJson.write(container.memory()));
        ArrayNode devices = entry.putArray("devices");
        container.devices().forEach(device -> {
          ObjectNode listed = devices.addObject().put("resource", device.resource()).put("id", device.id());
          device.numaNode().ifPresentOrElse(numa -> listed.put("numa", numa), () -> listed.putNull("numa"));
        });
      }
    }
    return node;
  }

  /** The admission's decision: {@code {"admitted", "reason", "message"}}. */
  static ObjectNode decision(Admission admission) {
    ObjectNode decision = JSON.objectNode().put("admitted", admission.admitted());
    if (admission.admitted()) {
      decision.putNull("reason").putNull("message");
    } else {
      decision.put("reason", admission.reason().orElseThrow()).put("message", admission.message().orElseThrow());
    }
    return decision;
  }

  /**
   * The merges of the admission, each {@code {"container", "providers": [{"name", "hints"}],
   * "bestHint", "admit"}}; empty when a provider's hints are too many to list (more than 20 NUMA
   * nodes), in which case no merge is written.
   */
  static Optional<ArrayNode> merges(Admission admission) {
    ArrayNode merges = JSON.arrayNode();
    for (MergeTrace merge : admission.trace().merges()) {
      ObjectNode written = merges.addObject();
      if (merge.container().isPresent()) {
        written.put("container", merge.container().get());
      } else {
        written.putNull("container");
      }
      ArrayNode providers = written.putArray("providers");
      for (ProviderAnswer answer : merge.answers()) {
        if (!answer.hints().resources().values().stream().allMatch(ResourceHints::isListable)) {
          return Optional.empty();
        }
        ObjectNode provider = providers.addObject().put("name", answer.provider());
        provider.set("hints", HintJson.write(answer.hints()));
      }
      written.set("bestHint", HintJson.write(merge.bestHint()));
      written.put("admit", merge.admit());
    }
    return Optional.of(merges);
  }
}
