package io.podtopo.app.input;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.podtopo.adapters.fake.MachineCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for {@code --machine}: any text without a {@code /} (a shape or a catalog name) and any
 * machine JSON file (the schema of {@code topology --format json}, or a vector topology) is a
 * machine with CPUs, or one {@link InputException}. Replays {@code MachineArgumentFuzzTestInputs/}
 * (the shapes of the guides, the machine files of the fixtures and the vectors) in every build;
 * {@code -Pfuzz} fuzzes it (docs/guide/fuzzing.md).
 */
class MachineArgumentFuzzTest {

  private static final MachineCatalog CATALOG = MachineCatalog.bundled();

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aShapeOrNameIsAMachineOrAnInputError_in1(byte[] input) {
    String argument = new String(input, StandardCharsets.UTF_8);
    if (argument.contains("/") || argument.isEmpty() || argument.equals(".") || argument.equals("..")) {
      return;
    }
    try {
      assertThat(MachineArgument.resolve(argument, CATALOG).cpus()).isNotEmpty();
    } catch (InputException e) {
      assertThat(e.getMessage()).startsWith("--machine: ").doesNotContain("\n", "\r");
    }
  }

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aMachineFileIsAMachineOrAnInputError_in1(byte[] content) throws IOException {
    Path file = Files.createTempFile("podtopo-machine-fuzz", ".json");
    try {
      Files.write(file, content);
      assertThat(MachineArgument.resolve(file.toString(), CATALOG).cpus()).isNotEmpty();
      assertThat(MachineArgument.topology(file.toString(), CATALOG).toMachine()).isNotNull();
    } catch (InputException e) {
      assertThat(e.getMessage()).isNotBlank();
    } finally {
      Files.delete(file);
    }
  }
}
