package io.podtopo.adapters.fake;

import io.podtopo.domain.topology.Machine;
import java.util.Objects;
import java.util.Optional;

/**
 * One named machine of the {@link MachineCatalog}.
 *
 * @param name the catalog name, e.g. {@code epyc-9654-2s-nps4}
 * @param description one line saying what the machine is
 * @param shape the {@link MachineShape} it is built from; empty for a machine given CPU by CPU
 * @param machine the machine itself
 */
public record CatalogMachine(String name, String description, Optional<String> shape, Machine machine) {

  public CatalogMachine {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(shape, "shape");
    Objects.requireNonNull(machine, "machine");
  }
}
