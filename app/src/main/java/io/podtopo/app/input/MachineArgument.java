package io.podtopo.app.input;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.podtopo.adapters.fake.MachineCatalog;
import io.podtopo.adapters.fake.MachineShape;
import io.podtopo.adapters.fake.MachineShapeException;
import io.podtopo.adapters.fake.UnknownMachineException;
import io.podtopo.conformance.json.FixtureJson;
import io.podtopo.domain.topology.Machine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What a {@code --machine} argument names: an existing file is a machine JSON file (the schema of
 * {@code fixtures/sysfs/*.expected.json}, or a vector topology fixture); text that starts like a
 * shape ({@code 2s4n8c2t,...}) is a {@link MachineShape}; anything else is a catalog name. Errors
 * are one {@link InputException} naming the argument (and the file or shape part).
 */
public final class MachineArgument {

  private static final ObjectMapper JSON = new ObjectMapper();

  private MachineArgument() {}

  /** The machine {@code argument} names. @throws InputException */
  public static Machine resolve(String argument, MachineCatalog catalog) {
    Path file = Path.of(argument);
    if (Files.isRegularFile(file)) {
      return fromFile(file);
    }
    if (MachineShape.looksLikeShape(argument)) {
      try {
        return MachineShape.parse(argument).toMachine();
      } catch (MachineShapeException e) {
        throw new InputException("--machine: " + e.getMessage(), e);
      }
    }
    if (argument.endsWith(".json") || argument.contains("/")) {
      throw new InputException("--machine: " + argument + ": no such file");
    }
    try {
      return catalog.machine(argument);
    } catch (UnknownMachineException e) {
      throw new InputException("--machine: " + e.getMessage()
          + " (or give a shape such as 2s2n8c2t, or a machine JSON file)", e);
    }
  }

  private static Machine fromFile(Path file) {
    JsonNode tree;
    try {
      tree = JSON.readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new InputException(file + ": malformed JSON: " + YamlDocuments.describe(e), e);
    } catch (IOException e) {
      throw new InputException(file + ": cannot read: " + e.getMessage(), e);
    }
    if (tree == null || !tree.isObject()) {
      throw new InputException(file + ": expected a machine JSON object with \"cpus\"");
    }
    try {
      return FixtureJson.machine(tree);
    } catch (IllegalArgumentException e) {
      throw new InputException(file + ": " + e.getMessage(), e);
    }
  }
}
