package io.podtopo.app.input;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.adapters.fake.MachineShape;
import io.podtopo.adapters.fake.MachineShapeException;
import io.podtopo.adapters.fake.UnknownMachineException;
import io.podtopo.adapters.linux.sysfs.DeviceMapping;
import io.podtopo.adapters.linux.sysfs.SysfsException;
import io.podtopo.adapters.linux.sysfs.SysfsTopology;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.conformance.json.InputJson;
import io.podtopo.domain.text.GoQuote;
import io.podtopo.domain.topology.Machine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What a {@code --machine} argument names: an existing folder is a sysfs tree (a sysfs root such as
 * {@code /}, a copy of one, or a {@code sys} folder); an existing {@code .tar.bz2}, {@code .tar.gz}
 * or {@code .tgz} file is an archive of one; any other existing file is a machine JSON file: the
 * schema of {@code fixtures/sysfs/*.expected.json} and {@code topology --format json} (it has
 * {@code numaNodes}; read as {@link SysfsTopology#fromJson} reads it, so it gives the machine its
 * tree gave; a tree's devices are the PCI functions a {@link DeviceMapping} names, by default the
 * bundled one) or a vector topology fixture (the kubelet's view as it is); text that starts
 * like a shape ({@code 2s4n8c2t,...}) is a {@link MachineShape}; anything else is a catalog name.
 * Errors are one {@link InputException} naming the argument (and the file or shape part).
 */
public final class MachineArgument {

  private MachineArgument() {}

  private static final List<String> ARCHIVE_SUFFIXES = List.of(".tar.bz2", ".tar.gz", ".tgz");

  /** The machine {@code argument} names. @throws InputException */
  public static Machine resolve(String argument, MachineCatalog catalog) {
    return resolve(argument, catalog, DeviceMapping.defaults());
  }

  /**
   * The machine {@code argument} names, a sysfs tree's devices being the PCI functions
   * {@code mapping} names. @throws InputException
   */
  public static Machine resolve(String argument, MachineCatalog catalog, DeviceMapping mapping) {
    Path file = path(argument);
    if (isSysfs(file)) {
      return machine(file, sysfs(file, mapping));
    }
    if (Files.isRegularFile(file)) {
      JsonNode tree = readJson(file);
      return isTopologyJson(tree) ? machine(file, topologyJson(file, tree)) : vectorTopology(file, tree);
    }
    if (MachineShape.looksLikeShape(argument)) {
      try {
        return MachineShape.parse(argument).toMachine();
      } catch (MachineShapeException e) {
        throw new InputException("--machine: " + e.getMessage(), e);
      }
    }
    if (argument.endsWith(".json") || argument.contains("/")) {
      throw new InputException("--machine: " + GoQuote.of(argument) + ": no such file");
    }
    try {
      return catalog.machine(argument);
    } catch (UnknownMachineException e) {
      throw new InputException("--machine: " + e.getMessage()
          + " (podtopo machines lists them; or give a shape such as 2s2n8c2t, a machine JSON file, a sysfs root "
          + "such as / or a sysfs archive)", e);
    }
  }

  /**
   * The machine {@code argument} names as the kernel would describe it: read as is from a sysfs tree
   * or archive (sockets and L3 caches as the kernel wrote them), otherwise the resolved machine in
   * the same terms. @throws InputException
   */
  public static SysfsTopology topology(String argument, MachineCatalog catalog) {
    return topology(argument, catalog, DeviceMapping.defaults());
  }

  /** As {@link #topology(String, MachineCatalog)}, a tree's devices named by {@code mapping}. @throws InputException */
  public static SysfsTopology topology(String argument, MachineCatalog catalog, DeviceMapping mapping) {
    Path file = path(argument);
    if (isSysfs(file)) {
      return sysfs(file, mapping);
    }
    if (Files.isRegularFile(file)) {
      JsonNode tree = readJson(file);
      if (isTopologyJson(tree)) {
        SysfsTopology topology = topologyJson(file, tree);
        machine(file, topology); // refuses a file whose machine is inconsistent, as simulate does
        return topology;
      }
    }
    return SysfsTopology.fromMachine(resolve(argument, catalog, mapping));
  }

  /** {@code argument} as a path. @throws InputException when no file can have that name (a NUL character) */
  private static Path path(String argument) {
    try {
      return Path.of(argument);
    } catch (InvalidPathException e) {
      throw new InputException("--machine: " + GoQuote.of(argument) + " is neither a machine name, a shape nor a "
          + "path: " + e.getReason());
    }
  }

  /** The machine a topology gives; one that is not consistent (a device on a NUMA node it lacks) names the file. */
  private static Machine machine(Path file, SysfsTopology topology) {
    try {
      return topology.toMachine();
    } catch (IllegalArgumentException e) {
      throw new InputException(file + ": " + e.getMessage(), e);
    }
  }

  /** This node's own sysfs tree ({@code /}). @throws InputException */
  public static SysfsTopology host() {
    return host(DeviceMapping.defaults());
  }

  /** This node's own sysfs tree ({@code /}), its devices named by {@code mapping}. @throws InputException */
  public static SysfsTopology host(DeviceMapping mapping) {
    return sysfs(SysfsTopology.HOST_ROOT, mapping);
  }

  /** The mapping in {@code file} ({@code --device-mapping}). @throws InputException naming the file and line */
  public static DeviceMapping deviceMapping(Path file) {
    try {
      return DeviceMapping.read(file);
    } catch (IllegalArgumentException e) {
      throw new InputException("--device-mapping: " + e.getMessage(), e);
    }
  }

  private static boolean isSysfs(Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    return Files.isDirectory(file)
        || Files.isRegularFile(file) && ARCHIVE_SUFFIXES.stream().anyMatch(name::endsWith);
  }

  private static SysfsTopology sysfs(Path root, DeviceMapping mapping) {
    try {
      return SysfsTopology.read(root, mapping);
    } catch (SysfsException e) {
      throw new InputException("--machine: " + e.getMessage(), e);
    }
  }

  private static JsonNode readJson(Path file) {
    JsonNode tree;
    try {
      tree = InputJson.MAPPER.readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new InputException(file + ": malformed JSON: " + InputJson.describe(e), e);
    } catch (IOException e) {
      throw new InputException(file + ": cannot read: " + e.getMessage(), e);
    }
    if (tree == null || !tree.isObject()) {
      throw new InputException(file + ": expected a machine JSON object with \"cpus\"");
    }
    return tree;
  }

  /** The schema of {@code topology --format json} and the fixtures' expected files: it has {@code numaNodes}. */
  private static boolean isTopologyJson(JsonNode tree) {
    return tree.has("numaNodes");
  }

  private static SysfsTopology topologyJson(Path file, JsonNode tree) {
    try {
      return SysfsTopology.fromJson(tree);
    } catch (IllegalArgumentException e) {
      throw new InputException(file + ": " + e.getMessage(), e);
    }
  }

  private static Machine vectorTopology(Path file, JsonNode tree) {
    try {
      return FixtureJson.machine(tree);
    } catch (IllegalArgumentException e) {
      throw new InputException(file + ": " + e.getMessage(), e);
    }
  }
}
