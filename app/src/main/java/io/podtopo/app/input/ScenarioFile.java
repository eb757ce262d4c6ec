package io.podtopo.app.input;

import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.domain.pod.Container;
import io.podtopo.domain.pod.Pod;
import io.podtopo.domain.pod.PodRoute;
import io.podtopo.domain.text.GoQuote;
import io.podtopo.ports.in.ScenarioStep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a scenario file: a YAML list of steps, run in order (format in
 * {@code docs/guide/simulate.md}), into a {@link ScenarioScript}.
 *
 * <pre>
 * - admit: pods/web.yaml                    # a Pod file or folder, relative to the scenario file
 * - admit: default/db                       # a pod given with --pods, by namespace/name
 * - remove: {pod: default/web, container: app}
 * - remove: default/web                     # the whole pod
 * </pre>
 *
 * <p>{@code admit} takes a pod of {@code --pods} ({@code namespace/name}, or a bare name in
 * namespace {@code default}), else a file or folder of Pod manifests (every pod in it, in order).
 * {@code remove} takes a pod admitted by an earlier step. A step never reads a device, a pipe, a socket
 * or a file of the kernel's file systems ({@code /proc}, {@code /sys}, {@code /dev}): those are
 * refused, as they may stream or block without end. Every problem is one {@link InputException}
 * naming the file and the step (a Pod file's problem after it), e.g.
 * {@code run.yaml: steps[2].remove: pod default/web is not admitted by an earlier step}.
 */
public final class ScenarioFile {

  private static final String ADMIT = "admit";
  private static final String REMOVE = "remove";
  /** The kernel's file systems, whose files a step may not read ({@code /proc}, {@code /sys}, {@code /dev}, ...). */
  static final Set<String> KERNEL_FILE_SYSTEMS = Set.of("proc", "sysfs", "devtmpfs", "devpts", "debugfs", "tracefs",
      "securityfs", "configfs", "cgroup", "cgroup2", "bpf", "pstore", "efivarfs", "mqueue", "hugetlbfs", "fusectl",
      "binfmt_misc");

  private final Path file;
  private final FieldValidation fields;
  private final PodRoute route;
  private final Map<String, Pod> given = new LinkedHashMap<>();
  private final Map<String, Pod> admitted = new LinkedHashMap<>();

  private ScenarioFile(Path file, List<Pod> givenPods, FieldValidation fields, PodRoute route) {
    this.file = file;
    this.fields = fields;
    this.route = route;
    givenPods.forEach(pod -> given.put(PodKey.of(pod), pod));
  }

  /**
   * The steps of {@code file}, each with the pod it names; {@code givenPods} are the pods steps may
   * name, {@code fields} says what an unknown field of a Pod manifest a step reads is, {@code route}
   * how its pods are defaulted and validated.
   *
   * @throws InputException on bad input
   */
  public static ScenarioScript read(Path file, List<Pod> givenPods, FieldValidation fields, PodRoute route) {
    return new ScenarioFile(file, givenPods, fields, route).steps(YamlDocuments.readSingle(file));
  }

  private ScenarioScript steps(JsonNode list) {
    if (!list.isArray()) {
      throw new InputException(file + ": expected one YAML list of steps (- admit: ... / - remove: ...)");
    }
    List<ScenarioStep> steps = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      String where = "steps[" + i + "]";
      JsonNode step = list.get(i);
      if (!step.isObject() || step.size() != 1 || !(step.has(ADMIT) || step.has(REMOVE))) {
        throw fail(where, "expected a mapping with one key, \"admit\" or \"remove\"");
      }
      if (step.has(ADMIT)) {
        for (Pod pod : admit(where + "." + ADMIT, step.get(ADMIT))) {
          steps.add(ScenarioStep.admit(pod));
          names.add(PodKey.of(pod));
        }
      } else {
        Removal removal = remove(where + "." + REMOVE, step.get(REMOVE));
        steps.add(removal.step());
        names.add(PodKey.of(removal.pod()));
      }
    }
    if (steps.isEmpty()) {
      throw new InputException(file + ": the scenario has no steps");
    }
    return new ScenarioScript(steps, names);
  }

  /** A removal step and the pod it names. */
  private record Removal(ScenarioStep step, Pod pod) {}

  /** The pods an admit step admits, in order. */
  private List<Pod> admit(String where, JsonNode value) {
    String text = text(where, value);
    Pod named = given.get(podKey(text));
    List<Pod> pods;
    if (named != null) {
      pods = List.of(named);
    } else {
      Path path = path(where, text);
      if (!Files.exists(path)) {
        throw fail(where, GoQuote.of(text) + " is neither a pod given with --pods"
            + (given.isEmpty() ? " (none was given)" : " (" + String.join(", ", given.keySet()) + ")")
            + " nor a file next to the scenario");
      }
      refuseSpecial(where, text, path);
      try {
        pods = PodManifests.read(path, fields, route);
      } catch (InputException e) {
        throw new InputException(file + ": " + where + ": " + e.getMessage(), e);
      }
    }
    pods.forEach(pod -> admitted.put(PodKey.of(pod), pod));
    return pods;
  }

  /** {@code text} resolved against the scenario's folder. */
  private Path path(String where, String text) {
    try {
      return file.toAbsolutePath().getParent().resolve(text).normalize();
    } catch (InvalidPathException e) {
      throw fail(where, GoQuote.of(text) + " is not a path: " + e.getReason());
    }
  }

  /**
   * Refuses what is not a Pod file or folder and could be read without end or block: a device, a
   * pipe or a socket, and the kernel's files ({@link #KERNEL_FILE_SYSTEMS}: {@code /proc},
   * {@code /sys}, {@code /dev} and the like), which may stream or wait forever.
   */
  private void refuseSpecial(String where, String text, Path path) {
    if (!Files.isRegularFile(path) && !Files.isDirectory(path)) {
      throw fail(where, GoQuote.of(text) + " is not a Pod file or folder (a device, a pipe or a socket)");
    }
    String type;
    try {
      type = Files.getFileStore(path).type();
    } catch (IOException e) {
      throw fail(where, GoQuote.of(text) + ": cannot read: " + e.getMessage());
    }
    if (KERNEL_FILE_SYSTEMS.contains(type)) {
      throw fail(where, GoQuote.of(text) + " is on the kernel's " + type + " file system, not a Pod file or folder");
    }
  }

  private Removal remove(String where, JsonNode value) {
    if (value.isObject()) {
      for (Map.Entry<String, JsonNode> field : value.properties()) {
        if (!field.getKey().equals("pod") && !field.getKey().equals("container")) {
          throw fail(where + "." + GoQuote.escaped(field.getKey()), "unknown field; expected pod and container");
        }
      }
      Pod pod = admittedPod(where + ".pod", text(where + ".pod", value.path("pod")));
      String container = text(where + ".container", value.path("container"));
      if (pod.initAndAppContainers().stream().map(Container::name).noneMatch(container::equals)) {
        throw fail(where + ".container", "pod " + PodKey.of(pod) + " has no init or app container "
            + GoQuote.of(container));
      }
      return new Removal(ScenarioStep.removeContainer(pod.uid(), container), pod);
    }
    Pod pod = admittedPod(where, text(where, value));
    return new Removal(ScenarioStep.removePod(pod.uid()), pod);
  }

  private Pod admittedPod(String where, String text) {
    Pod pod = admitted.get(podKey(text));
    if (pod == null) {
      throw fail(where, "pod " + GoQuote.escaped(podKey(text)) + " is not admitted by an earlier step");
    }
    return pod;
  }

  /** {@code namespace/name}; a bare name is in namespace {@code default}. */
  private static String podKey(String text) {
    return text.contains("/") ? text : "default/" + text;
  }

  private String text(String where, JsonNode value) {
    if (value == null || value.isMissingNode() || value.isNull()) {
      throw fail(where, "is missing");
    }
    if (!value.isTextual() || value.asText().isBlank()) {
      throw fail(where, "expected a name or a path, found " + (value.isContainerNode() ? "a " + (value.isArray() ? "list" : "mapping")
          : value.isTextual() ? GoQuote.of(value.asText()) : GoQuote.escaped(value.asText())));
    }
    return value.asText().strip();
  }

  private InputException fail(String where, String problem) {
    return new InputException(file + ": " + where + ": " + problem);
  }
}
