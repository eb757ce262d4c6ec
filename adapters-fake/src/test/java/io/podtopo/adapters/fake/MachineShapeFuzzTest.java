package io.podtopo.adapters.fake;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.podtopo.domain.topology.Machine;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Rule IN-1 for machine shapes: any text is a shape whose machine has its {@code S*N*C*T} CPUs, or a
 * {@link MachineShapeException} naming the shape, in one line. Replays
 * {@code MachineShapeFuzzTestInputs/} in every build; {@code -Pfuzz} fuzzes it
 * (docs/guide/fuzzing.md).
 */
class MachineShapeFuzzTest {

  @FuzzTest
  @Timeout(value = 10, unit = TimeUnit.SECONDS)
  void aShapeIsAMachineOrAMachineShapeError_in1(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    MachineShape shape;
    try {
      shape = MachineShape.parse(text);
    } catch (MachineShapeException e) {
      assertThat(e.getMessage()).startsWith("machine shape ").doesNotContain("\n", "\r");
      return;
    }
    Machine machine = shape.toMachine();
    assertThat(machine.cpus()).hasSize(shape.totalCpus());
    assertThat(MachineShape.parse(shape.toString()).toMachine().cpus()).isEqualTo(machine.cpus());
  }
}
