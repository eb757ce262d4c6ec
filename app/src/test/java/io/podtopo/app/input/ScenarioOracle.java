package io.podtopo.app.input;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.text.GoQuote;
import io.podtopo.ports.in.ScenarioStep;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@link ScenarioFile#read} must make of a scenario, worked out from the YAML tree by the rules
 * of {@code docs/guide/simulate.md}, step by step: the steps the file says, or the first step (and
 * field) at fault. A step that names a path under {@code /dev}, {@code /proc} or {@code /sys} is at
 * fault: the reader must refuse it rather than read it. The oracle of {@link ScenarioFileFuzzTest}.
 */
final class ScenarioOracle {

  /**
   * The expected outcome: the steps with their pods' names, or a fault at {@code where}
   * ({@code steps[I]...}, empty for the file).
   */
  record Expected(ScenarioScript steps, Optional<String> where) {
    static Expected fault(String where) {
      return new Expected(new ScenarioScript(List.of(), List.of()), Optional.of(where));
    }
  }

  private static final List<String> KERNEL_FOLDERS = List.of("/dev", "/proc", "/sys");

  private final Path file;
  private final Map<String, Pod> given = new LinkedHashMap<>();
  private final Map<String, Pod> admitted = new LinkedHashMap<>();
  private final FieldValidation fields;
  private final PodRoute route;

  private ScenarioOracle(Path file, List<Pod> givenPods, FieldValidation fields, PodRoute route) {
    this.file = file;
    this.fields = fields;
    this.route = route;
    givenPods.forEach(pod -> given.put(PodKey.of(pod), pod));
  }

  /** The outcome of reading {@code file} beside {@code givenPods}; a fault of the YAML itself is the file's (""). */
  static Expected expect(Path file, List<Pod> givenPods, FieldValidation fields, PodRoute route) {
    JsonNode tree;
    try {
      tree = YamlDocuments.readSingle(file);
    } catch (InputException e) {
      return Expected.fault("");
    }
    return new ScenarioOracle(file, givenPods, fields, route).expect(tree);
  }

  private Expected expect(JsonNode tree) {
    if (!tree.isArray() || tree.isEmpty()) {
      return Expected.fault("");
    }
    List<ScenarioStep> steps = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < tree.size(); i++) {
      String where = "steps[" + i + "]";
      JsonNode step = tree.get(i);
      if (!step.isObject() || step.size() != 1 || !(step.has("admit") || step.has("remove"))) {
        return Expected.fault(where);
      }
      Optional<String> fault = step.has("admit") ? admit(where + ".admit", step.get("admit"), steps, names)
          : remove(where + ".remove", step.get("remove"), steps, names);
      if (fault.isPresent()) {
        return Expected.fault(fault.get());
      }
    }
    return new Expected(new ScenarioScript(steps, names), Optional.empty());
  }

  private Optional<String> admit(String where, JsonNode value, List<ScenarioStep> steps, List<String> names) {
    Optional<String> name = name(value);
    if (name.isEmpty()) {
      return Optional.of(where);
    }
    Pod named = given.get(key(name.get()));
    List<Pod> pods;
    if (named != null) {
      pods = List.of(named);
    } else {
      try {
        Path path = file.toAbsolutePath().getParent().resolve(name.get()).normalize();
        if (KERNEL_FOLDERS.stream().anyMatch(folder -> path.startsWith(folder)) || !Files.exists(path)) {
          return Optional.of(where);
        }
        pods = PodManifests.read(path, fields, route);
      } catch (InvalidPathException | InputException e) {
        return Optional.of(where);
      }
    }
    for (Pod pod : pods) {
      admitted.put(PodKey.of(pod), pod);
      steps.add(ScenarioStep.admit(pod));
      names.add(PodKey.of(pod));
    }
    return Optional.empty();
  }

  private Optional<String> remove(String where, JsonNode value, List<ScenarioStep> steps, List<String> names) {
    if (!value.isObject()) {
      Optional<Pod> pod = name(value).map(ScenarioOracle::key).map(admitted::get);
      pod.ifPresent(p -> {
        steps.add(ScenarioStep.removePod(p.uid()));
        names.add(PodKey.of(p));
      });
      return pod.isPresent() ? Optional.empty() : Optional.of(where);
    }
    for (Iterator<String> keys = value.fieldNames(); keys.hasNext(); ) {
      String field = keys.next();
      if (!field.equals("pod") && !field.equals("container")) {
        return Optional.of(where + "." + GoQuote.escaped(field));
      }
    }
    Optional<Pod> pod = name(value.path("pod")).map(ScenarioOracle::key).map(admitted::get);
    if (pod.isEmpty()) {
      return Optional.of(where + ".pod");
    }
    Optional<String> container = name(value.path("container"))
        .filter(c -> pod.get().initAndAppContainers().stream().map(Container::name).anyMatch(c::equals));
    if (container.isEmpty()) {
      return Optional.of(where + ".container");
    }
    steps.add(ScenarioStep.removeContainer(pod.get().uid(), container.get()));
    names.add(PodKey.of(pod.get()));
    return Optional.empty();
  }

  /** The stripped text of a non-blank string, else empty. */
  private static Optional<String> name(JsonNode value) {
    return value != null && value.isTextual() && !value.asText().isBlank()
        ? Optional.of(value.asText().strip()) : Optional.empty();
  }

  /** {@code namespace/name}; a bare name is in namespace {@code default}. */
  private static String key(String name) {
    return name.contains("/") ? name : "default/" + name;
  }
}
