package io.podtopo.adapters.fake;

import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.out.MachineSource;
import io.podtopo.ports.out.MachineSourceContract;

/**
 * {@link CatalogMachineSource} keeps {@link MachineSource}'s promises: its machine is resolved when
 * it is made, from a shape here, so there is no hardware to change under it; a name neither in the
 * catalog nor a shape fails when it is made.
 */
class CatalogMachineSourceContractTest implements MachineSourceContract {

  @Override
  public MachineSource newSource() {
    return CatalogMachineSource.of("2s2n4c,mem=16Gi");
  }

  /** Nothing: the machine was resolved when the source was made. */
  @Override
  public void changeTheHardware() {}

  @Override
  public Machine machineOfIncompleteHardware() {
    return CatalogMachineSource.of("demo-2z").machine();
  }

  @Override
  public Class<? extends RuntimeException> discoveryFailure() {
    return UnknownMachineException.class;
  }

  @Override
  public String whatIsMissing() {
    return "\"demo-2z\"";
  }
}
