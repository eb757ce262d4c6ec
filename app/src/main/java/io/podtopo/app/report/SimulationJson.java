package io.podtopo.app.report;

import io.podtopo.domain.quirks.KubeletRelease;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.podtopo.adapters.linux.kubelet.CheckpointReport;
import io.podtopo.adapters.linux.kubelet.Verification;
import io.podtopo.app.simulate.NodeNotices;
import io.podtopo.app.simulate.PodOutcome;
import io.podtopo.app.simulate.PreExistingPod;
import io.podtopo.app.simulate.RestoredStart;
import io.podtopo.app.simulate.SimulatedStep;
import io.podtopo.app.simulate.SimulationRun;
import io.podtopo.domain.node.NodeConfig;
import io.podtopo.domain.node.PodAssignment;
import io.podtopo.domain.node.RejectionExplainer;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.quirks.KubeletQuirk;
import io.podtopo.domain.topology.CpuSet;
import io.podtopo.domain.topology.Device;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Optional;

/**
 * Simulations as one JSON document for programs; the schema is in {@code docs/guide/simulate.md}.
 * Keys come in a fixed order and lists in run, pod and container order, so the same input gives
 * byte-identical output.
 */
public final class SimulationJson {

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private SimulationJson() {}

  /** The document of these runs; with {@code explain}, every pod carries its explanation lines. */
  public static String render(List<SimulationRun> runs, boolean explain) {
    return render(runs, explain, false);
  }

  /** As {@link #render(List, boolean)}; {@code fullHints}: the explanations list every hint. */
  public static String render(List<SimulationRun> runs, boolean explain, boolean fullHints) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode array = root.putArray("runs");
    for (SimulationRun run : runs) {
      array.add(run(run, explain, fullHints));
    }
    try {
      return JSON.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectNode run(SimulationRun run, boolean explain, boolean fullHints) {
    NodeConfig config = run.managers().config();
    ObjectNode node = JSON.createObjectNode();
    node.put("title", run.title());
    node.put("machine", run.machine().name());
    node.put("kubeletConfig", run.kubeletConfig());
    node.put("cpuManagerPolicy", config.cpuManagerPolicy().kubeletName());
    node.put("memoryManagerPolicy", config.memoryManagerPolicy().kubeletName());
    node.put("topologyManagerPolicy", config.topologyManagerPolicy().kubeletName());
    node.put("topologyManagerScope", config.topologyManagerScope().kubeletName());
    node.put("reservedCpus", run.reservedCpus().toString());
    node.put("behaviour", config.behaviour().label());
    node.put("kubeletRelease", KubeletRelease.REPRODUCED);
    ArrayNode notices = node.putArray("notices");
    NodeNotices.of(run.managers()).forEach(notices::add);
    run.restored().ifPresent(restored -> node.set("kubeletState", kubeletState(restored)));
    ArrayNode pods = node.putArray("pods");
    for (PodOutcome outcome : run.pods()) {
      pods.add(pod(run, outcome, explain, fullHints));
    }
    node.put("defaultCpuSet", run.nodeSharedPool().toString());
    ArrayNode steps = node.putArray("steps");
    for (SimulatedStep step : run.steps()) {
      ObjectNode entry = steps.addObject().put("step", step.number()).put("action", step.action()).put("pod", step.pod());
      step.container().ifPresent(container -> entry.put("container", container));
      step.admission().ifPresent(admission -> {
        entry.put("admitted", admission.admitted());
        admission.reason().ifPresent(reason -> entry.put("reason", reason));
        step.admittedCpus().ifPresent(cpus -> entry.put("cpus", cpus.toString()));
        ArrayNode stepQuirks = entry.putArray("quirks");
        admission.quirks().forEach(quirk -> stepQuirks.add(quirk.id()));
      });
      entry.put("defaultCpuSet", run.nodeSharedPool(step.after()).toString());
    }
    return node;
  }

  private static ObjectNode pod(SimulationRun run, PodOutcome outcome, boolean explain, boolean fullHints) {
    ObjectNode node = JSON.createObjectNode();
    node.put("uid", outcome.pod().uid());
    node.put("name", outcome.pod().name());
    node.put("namespace", outcome.pod().namespace());
    node.put("admitted", outcome.admission().admitted());
    outcome.admission().failure().ifPresent(failure -> node.put("reason", failure.reason()).put("message", failure.message()));
    text(node, "noAnswer", outcome.admission().noAnswer().map(KubeletQuirk::id));
    ArrayNode quirks = node.putArray("quirks");
    for (KubeletQuirk quirk : outcome.admission().quirks()) {
      quirks.addObject().put("id", quirk.id()).put("decision", quirk.decision())
          .put("behaviour", QuirkText.what(quirk, outcome.admission().behaviour()));
    }
    new RejectionExplainer(run.managers()).explain(outcome.pod(), outcome.admission()).ifPresent(cause -> {
      ObjectNode explanation = node.putObject("explanation");
      cause.causes().forEach(explanation.putArray("causes")::add);
      cause.fixes().forEach(explanation.putArray("fixes")::add);
      ArrayNode podFixes = explanation.putArray("podFixes");
      cause.podFixes().forEach(fix -> {
        ArrayNode changes = podFixes.addObject().putArray("changes");
        fix.changes().forEach(change -> {
          ObjectNode written = changes.addObject();
          text(written, "container", change.container());
          written.put("resource", change.resource()).put("from", change.fromQuantity()).put("to", change.toQuantity());
        });
      });
    });
    node.put("removed", outcome.removed());
    Optional<PodAssignment> assignment = outcome.admission().assignment();
    Optional<List<Integer>> affinity = assignment.flatMap(PodAssignment::numaAffinity).map(mask -> mask.nodes());
    if (affinity.isPresent()) {
      affinity.get().forEach(node.putArray("numaAffinity")::add);
    } else {
      node.putNull("numaAffinity");
    }
    cpus(node, "podCpus", assignment.flatMap(PodAssignment::podCpus));
    MemoryJson.add(node.putArray("podMemory"), assignment.map(PodAssignment::podMemory).orElse(List.of()));
    ArrayNode containers = node.putArray("containers");
    for (ContainerRow row : ContainerRow.of(run, outcome)) {
      ObjectNode container = containers.addObject();
      container.put("name", row.name());
      container.put("role", ContainerRow.roleName(row.role()));
      cpus(container, "cpus", row.cpus());
      container.put("exclusive", row.exclusive());
      if (row.isolation().isPresent()) {
        container.put("isolation", ContainerRow.isolationName(row.isolation().get()));
      } else {
        container.putNull("isolation");
      }
      MemoryJson.add(container.putArray("memory"), row.memory());
      devices(container.putArray("devices"), row.devices());
      container.put("removed", row.removed());
    }
    if (explain) {
      SimulationExplain.lines(outcome, fullHints).forEach(node.putArray("explain")::add);
    }
    return node;
  }

  private static ObjectNode kubeletState(RestoredStart restored) {
    ObjectNode node = JSON.createObjectNode();
    node.put("directory", restored.directory());
    ArrayNode checkpoints = node.putArray("checkpoints");
    for (CheckpointReport file : restored.checkpoints()) {
      ObjectNode entry = checkpoints.addObject();
      entry.put("file", file.file());
      entry.put("present", file.present());
      text(entry, "version", file.version());
      text(entry, "policyName", file.policyName());
      text(entry, "verification", file.verification().map(Verification::describe));
    }
    ArrayNode pods = node.putArray("preExistingPods");
    for (PreExistingPod pod : restored.preExisting()) {
      ObjectNode entry = pods.addObject();
      entry.put("uid", pod.uid());
      text(entry, "name", pod.manifest().map(Pod::name));
      text(entry, "namespace", pod.manifest().map(Pod::namespace));
      cpus(entry, "podCpus", pod.podCpus());
      MemoryJson.add(entry.putArray("podMemory"), pod.podMemory());
      ArrayNode containers = entry.putArray("containers");
      for (PreExistingPod.Container container : pod.containers()) {
        ObjectNode row = containers.addObject();
        row.put("name", container.name());
        cpus(row, "cpus", container.cpus());
        MemoryJson.add(row.putArray("memory"), container.memory());
      }
    }
    return node;
  }

  /** {@code [{"resource", "ids": [...], "numaNodes": [...]}]}, one entry per resource, ids and nodes as the machine lists them. */
  private static void devices(ArrayNode array, List<Device> devices) {
    Map<String, List<Device>> byResource = new TreeMap<>();
    devices.forEach(device -> byResource.computeIfAbsent(device.resource(), resource -> new ArrayList<>()).add(device));
    byResource.forEach((resource, held) -> {
      ObjectNode entry = array.addObject().put("resource", resource);
      ArrayNode ids = entry.putArray("ids");
      held.forEach(device -> ids.add(device.id()));
      ArrayNode numa = entry.putArray("numaNodes");
      held.stream().flatMap(device -> device.numaNode().stream()).distinct().sorted().forEach(numa::add);
    });
  }

  private static void text(ObjectNode node, String field, Optional<String> text) {
    if (text.isPresent()) {
      node.put(field, text.get());
    } else {
      node.putNull(field);
    }
  }

  private static void cpus(ObjectNode node, String field, Optional<CpuSet> cpus) {
    if (cpus.isPresent()) {
      node.put(field, cpus.get().toString());
    } else {
      node.putNull(field);
    }
  }
}
