package io.podtopo.conformance.scenarios;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.conformance.json.HintJson;
import io.podtopo.conformance.json.MemoryStateJson;
import io.podtopo.conformance.vectors.Verdict;
import io.podtopo.domain.memorymanager.MemoryBlock;
import io.podtopo.domain.topology.CpuSet;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares a node-scenario answer with a case's {@code expect}: the same number of steps, and in
 * each step every field the expectation holds ({@code decision}, {@code defaultCpuSet}, {@code pods},
 * {@code podResources}, and when given {@code topologyHints} and {@code machineState}); a field the
 * expectation leaves out is not compared. CPU sets are compared as sets, memory blocks as multisets
 * (NUMA nodes as sets), devices as sets of ids per resource (PodResources devices as multisets),
 * {@code null} (no entry) only equals {@code null}. The pods of a step are compared as a set of uids;
 * a container the expectation does not list must have no entries and no devices.
 */
public final class ScenarioComparator {

  private ScenarioComparator() {}

  /**
   * The verdict; an answer listing {@code alternatives} (FORMAT.md: the distinct answers of a
   * scenario the subject found can end more than one way) meets the expectation when one of them
   * does.
   */
  public static Verdict compare(JsonNode expect, JsonNode output) {
    JsonNode alternatives = output == null ? null : output.get("alternatives");
    if (alternatives == null || !alternatives.isArray() || alternatives.isEmpty()) {
      return compareOne(expect, output);
    }
    List<String> differences = new ArrayList<>();
    for (int i = 0; i < alternatives.size(); i++) {
      Verdict verdict = compareOne(expect, alternatives.get(i));
      if (verdict.passed()) {
        return verdict;
      }
      for (String difference : verdict.differences()) {
        differences.add("alternative " + (i + 1) + " of " + alternatives.size() + ": " + difference);
      }
    }
    return new Verdict(differences);
  }

  private static Verdict compareOne(JsonNode expect, JsonNode output) {
    List<String> differences = new ArrayList<>();
    if (expect.has("reservedCpus")) {
      compareCpus("reservedCpus", expect.get("reservedCpus"), output.get("reservedCpus"), differences);
    }
    JsonNode expectedSteps = expect.path("steps");
    JsonNode actualSteps = output.path("steps");
    if (!actualSteps.isArray() || actualSteps.size() != expectedSteps.size()) {
      differences.add("steps: expected " + expectedSteps.size() + " answers, got "
          + (actualSteps.isArray() ? actualSteps.size() : "none"));
      return new Verdict(differences);
    }
    for (int i = 0; i < expectedSteps.size(); i++) {
      compareStep("step " + (i + 1), expectedSteps.get(i), actualSteps.get(i), differences);
    }
    return new Verdict(differences);
  }

  private static void compareStep(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    if (expected.has("decision")) {
      compareDecision(where + " decision", expected.get("decision"), actual.get("decision"), differences);
    }
    if (expected.has("startError") && !Objects.equals(text(expected.get("startError")), text(actual.get("startError")))) {
      differences.add(where + " startError: expected " + expected.get("startError") + ", got " + actual.get("startError"));
    }
    if (expected.has("defaultCpuSet")) {
      compareCpus(where + " defaultCpuSet", expected.get("defaultCpuSet"), actual.get("defaultCpuSet"), differences);
    }
    if (expected.has("pods")) {
      comparePods(where + " pods", expected.get("pods"), actual.path("pods"), differences);
    }
    if (expected.has("topologyHints")) {
      compareHints(where + " topologyHints", expected.get("topologyHints"), actual.path("topologyHints"), differences);
    }
    if (expected.has("machineState")
        && !MemoryStateJson.machineState(expected.get("machineState"))
            .equals(MemoryStateJson.machineState(actual.path("machineState")))) {
      differences.add(where + " machineState: expected " + expected.get("machineState") + ", got "
          + actual.get("machineState"));
    }
    if (expected.has("podResources")) {
      comparePodResources(where + " podResources", expected.get("podResources"), actual.path("podResources"),
          differences);
    }
  }

  private static void compareDecision(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    if (expected == null || expected.isNull()) {
      if (actual != null && !actual.isNull()) {
        differences.add(where + ": expected none, got " + actual);
      }
      return;
    }
    if (actual == null || !actual.isObject()) {
      differences.add(where + ": expected " + expected + ", got " + actual);
      return;
    }
    for (String field : List.of("admitted", "reason", "message")) {
      if (expected.has(field) && !Objects.equals(text(expected.get(field)), text(actual.get(field)))) {
        differences.add(where + "." + field + ": expected " + expected.get(field) + ", got " + actual.get(field));
      }
    }
  }

  private static void comparePods(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    Set<String> expectedUids = names(expected);
    Set<String> actualUids = names(actual);
    if (!expectedUids.equals(actualUids)) {
      differences.add(where + ": expected pods " + expectedUids + ", got " + actualUids);
      return;
    }
    for (String uid : expectedUids) {
      JsonNode expectedPod = expected.get(uid);
      JsonNode actualPod = actual.get(uid);
      String pod = where + "." + uid;
      compareOptionalCpus(pod + ".cpus", expectedPod.get("cpus"), actualPod.get("cpus"), differences);
      compareOptionalBlocks(pod + ".memory", expectedPod.get("memory"), actualPod.get("memory"), differences);
      Set<String> containers = new LinkedHashSet<>(names(expectedPod.path("containers")));
      containers.addAll(names(actualPod.path("containers")));
      for (String name : containers) {
        JsonNode expectedContainer = expectedPod.path("containers").path(name);
        JsonNode actualContainer = actualPod.path("containers").path(name);
        String container = pod + ".containers." + name;
        compareOptionalCpus(container + ".cpus", expectedContainer.get("cpus"), actualContainer.get("cpus"),
            differences);
        compareOptionalBlocks(container + ".memory", expectedContainer.get("memory"), actualContainer.get("memory"),
            differences);
        if (expectedContainer.has("devices") || expectedContainer.isMissingNode()) {
          compareDevices(container + ".devices", expectedContainer.get("devices"), actualContainer.get("devices"),
              differences);
        }
        if (expectedContainer.has("isolation")
            && !expectedContainer.get("isolation").equals(actualContainer.get("isolation"))) {
          differences.add(container + ".isolation: expected " + expectedContainer.get("isolation") + ", got "
              + actualContainer.get("isolation"));
        }
      }
    }
  }

  private static void compareHints(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    if (!names(expected).equals(names(actual))) {
      differences.add(where + ": expected pods " + names(expected) + ", got " + names(actual));
      return;
    }
    for (String uid : names(expected)) {
      if (!names(expected.get(uid)).equals(names(actual.get(uid)))) {
        differences.add(where + "." + uid + ": expected containers " + names(expected.get(uid)) + ", got "
            + names(actual.get(uid)));
        continue;
      }
      for (String name : names(expected.get(uid))) {
        if (!HintJson.sameHint(expected.get(uid).get(name), actual.get(uid).get(name))) {
          differences.add(where + "." + uid + "." + name + ": expected " + expected.get(uid).get(name) + ", got "
              + actual.get(uid).get(name));
        }
      }
    }
  }

  private static void comparePodResources(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    JsonNode expectedPods = expected.path("pods");
    JsonNode actualPods = actual.path("pods");
    if (!actualPods.isArray() || actualPods.size() != expectedPods.size()) {
      differences.add(where + ": expected " + expectedPods.size() + " pods, got " + actualPods);
      return;
    }
    for (int i = 0; i < expectedPods.size(); i++) {
      JsonNode expectedPod = expectedPods.get(i);
      JsonNode actualPod = actualPods.get(i);
      String pod = where + ".pods[" + i + "]";
      for (String field : List.of("name", "namespace")) {
        if (!expectedPod.path(field).equals(actualPod.path(field))) {
          differences.add(pod + "." + field + ": expected " + expectedPod.get(field) + ", got " + actualPod.get(field));
        }
      }
      compareCpus(pod + ".cpuIds", expectedPod.get("cpuIds"), actualPod.get("cpuIds"), differences);
      compareBlocks(pod + ".memory", expectedPod.path("memory"), actualPod.path("memory"), differences);
      JsonNode expectedContainers = expectedPod.path("containers");
      JsonNode actualContainers = actualPod.path("containers");
      List<String> expectedNames = new ArrayList<>();
      expectedContainers.forEach(c -> expectedNames.add(c.path("name").asText()));
      List<String> actualNames = new ArrayList<>();
      actualContainers.forEach(c -> actualNames.add(c.path("name").asText()));
      if (!expectedNames.equals(actualNames)) {
        differences.add(pod + ".containers: expected " + expectedNames + ", got " + actualNames);
        continue;
      }
      for (int c = 0; c < expectedContainers.size(); c++) {
        String container = pod + ".containers[" + expectedNames.get(c) + "]";
        compareCpus(container + ".cpuIds", expectedContainers.get(c).get("cpuIds"), actualContainers.get(c).get("cpuIds"),
            differences);
        compareBlocks(container + ".memory", expectedContainers.get(c).path("memory"),
            actualContainers.get(c).path("memory"), differences);
        if (expectedContainers.get(c).has("devices")) {
          compareListedDevices(container + ".devices", expectedContainers.get(c).get("devices"),
              actualContainers.get(c).get("devices"), differences);
        }
      }
    }
  }

  /**
   * A container's devices, {@code {resource: [id, ...]}}, compared as sets of ids per resource (a
   * resource with no id is none; a missing object holds none).
   */
  private static void compareDevices(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    TreeMap<String, TreeSet<String>> expectedDevices;
    TreeMap<String, TreeSet<String>> actualDevices;
    try {
      expectedDevices = devicesByResource(expected);
      actualDevices = devicesByResource(actual);
    } catch (IllegalArgumentException e) {
      differences.add(where + ": expected " + expected + ", got " + actual + " (" + e.getMessage() + ")");
      return;
    }
    if (!expectedDevices.equals(actualDevices)) {
      differences.add(where + ": expected " + expectedDevices + ", got " + actualDevices);
    }
  }

  private static TreeMap<String, TreeSet<String>> devicesByResource(JsonNode devices) {
    TreeMap<String, TreeSet<String>> byResource = new TreeMap<>();
    if (devices == null || devices.isNull()) {
      return byResource;
    }
    if (!devices.isObject()) {
      throw new IllegalArgumentException("not an object of resource to device ids");
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = devices.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> resource = it.next();
      if (!resource.getValue().isArray()) {
        throw new IllegalArgumentException(resource.getKey() + " is not an array of device ids");
      }
      TreeSet<String> ids = new TreeSet<>();
      resource.getValue().forEach(id -> ids.add(id.asText()));
      if (!ids.isEmpty()) {
        byResource.put(resource.getKey(), ids);
      }
    }
    return byResource;
  }

  /** PodResources devices, {@code [{"resource", "id", "numa"}]}, compared as multisets. */
  private static void compareListedDevices(String where, JsonNode expected, JsonNode actual,
      List<String> differences) {
    List<String> expectedDevices = listedDevices(expected);
    List<String> actualDevices = listedDevices(actual);
    if (!expectedDevices.equals(actualDevices)) {
      differences.add(where + ": expected " + expectedDevices + ", got " + actualDevices);
    }
  }

  private static List<String> listedDevices(JsonNode devices) {
    List<String> keys = new ArrayList<>();
    if (devices != null && devices.isArray()) {
      devices.forEach(device -> keys.add(device.path("resource").asText() + "/" + device.path("id").asText() + "@"
          + (device.path("numa").isInt() ? device.get("numa").asText() : "none")));
    }
    keys.sort(null);
    return keys;
  }

  private static void compareOptionalCpus(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    boolean expectedNone = expected == null || expected.isNull();
    boolean actualNone = actual == null || actual.isNull();
    if (expectedNone || actualNone) {
      if (expectedNone != actualNone) {
        differences.add(where + ": expected " + (expectedNone ? "no entry" : "\"" + expected.asText() + "\"") + ", got "
            + (actualNone ? "no entry" : "\"" + actual.asText() + "\""));
      }
      return;
    }
    compareCpus(where, expected, actual, differences);
  }

  private static void compareCpus(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    CpuSet expectedSet = cpus(expected);
    CpuSet actualSet;
    try {
      actualSet = cpus(actual);
    } catch (RuntimeException e) {
      differences.add(where + ": expected \"" + expectedSet + "\", got " + actual + " (" + e.getMessage() + ")");
      return;
    }
    if (!expectedSet.equals(actualSet)) {
      differences.add(where + ": expected \"" + expectedSet + "\", got \"" + actualSet + "\"");
    }
  }

  private static CpuSet cpus(JsonNode node) {
    if (node == null || !node.isTextual()) {
      throw new IllegalArgumentException("not a cpulist string");
    }
    return CpuSet.parse(node.asText());
  }

  private static void compareOptionalBlocks(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    boolean expectedNone = expected == null || expected.isNull();
    boolean actualNone = actual == null || actual.isNull();
    if (expectedNone || actualNone) {
      if (expectedNone != actualNone) {
        differences.add(where + ": expected " + (expectedNone ? "no entry" : expected) + ", got "
            + (actualNone ? "no entry" : actual));
      }
      return;
    }
    compareBlocks(where, expected, actual, differences);
  }

  private static void compareBlocks(String where, JsonNode expected, JsonNode actual, List<String> differences) {
    List<String> expectedBlocks = multiset(MemoryStateJson.blocks(expected));
    List<String> actualBlocks = multiset(MemoryStateJson.blocks(actual));
    if (!expectedBlocks.equals(actualBlocks)) {
      differences.add(where + ": expected " + expectedBlocks + ", got " + actualBlocks);
    }
  }

  private static List<String> multiset(List<MemoryBlock> blocks) {
    List<String> keys = new ArrayList<>();
    blocks.forEach(block -> keys.add(block.type() + " " + block.size() + " on " + new TreeSet<>(block.numaAffinity())));
    keys.sort(null);
    return keys;
  }

  private static Set<String> names(JsonNode object) {
    Set<String> names = new TreeSet<>();
    if (object != null && object.isObject()) {
      for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
        names.add(it.next());
      }
    }
    return names;
  }

  private static String text(JsonNode node) {
    return node == null || node.isNull() ? null : node.asText();
  }
}
