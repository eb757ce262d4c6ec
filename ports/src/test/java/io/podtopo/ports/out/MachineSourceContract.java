package io.podtopo.ports.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.podtopo.domain.topology.Machine;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The promises of {@link MachineSource}'s Javadoc, for every adapter: a test class implements this
 * interface with a fresh source per test, a way to change what it reads from, and a discovery that
 * fails.
 *
 * <p>Not here: that the machine is the right one for what the source reads (hwloc's answers for the
 * sysfs fixtures, the catalog's own tests).
 */
public interface MachineSourceContract {

  /** A source over hardware it can discover; new for each test. */
  MachineSource newSource();

  /**
   * Changes what the last {@link #newSource} reads from into another machine's, as a node whose
   * hardware changed under it; nothing for a source given its machine when made.
   */
  void changeTheHardware();

  /**
   * The machine of a source over hardware that lacks something the adapter needs to discover it
   * (making the source included, for an adapter that discovers when made); it must throw.
   */
  Machine machineOfIncompleteHardware();

  /** The adapter's own exception, thrown by {@link #machineOfIncompleteHardware}. */
  Class<? extends RuntimeException> discoveryFailure();

  /** What {@link #machineOfIncompleteHardware} lacks, as the message of its failure names it. */
  String whatIsMissing();

  @Test
  default void machine_isTheSameOnEveryCall_fromAnyThread_evenAfterTheHardwareChanged() {
    MachineSource source = newSource();
    Machine first = source.machine();

    changeTheHardware();

    assertThat(source.machine()).isEqualTo(first);
    assertThat(CompletableFuture.supplyAsync(source::machine).join()).isEqualTo(first);
  }

  @Test
  default void machine_thatCannotBeDiscoveredFailsWithTheAdaptersOwnExceptionNamingWhatIsMissing() {
    assertThatThrownBy(this::machineOfIncompleteHardware).isInstanceOf(discoveryFailure())
        .hasMessageContaining(whatIsMissing());
  }
}
