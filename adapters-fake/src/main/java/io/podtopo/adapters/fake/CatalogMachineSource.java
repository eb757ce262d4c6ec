package io.podtopo.adapters.fake;

import io.podtopo.domain.topology.Machine;
import io.podtopo.ports.out.MachineSource;

/**
 * A {@link MachineSource} over fake hardware: a {@link MachineCatalog} name or a
 * {@link MachineShape}, resolved once, when the source is created.
 */
public final class CatalogMachineSource implements MachineSource {

  private final Machine machine;

  private CatalogMachineSource(Machine machine) {
    this.machine = machine;
  }

  /**
   * The machine named {@code nameOrShape} in the bundled catalog, or else built from it as a shape.
   *
   * @throws UnknownMachineException when it is neither a catalog name nor looks like a shape
   * @throws MachineShapeException when it looks like a shape but is not a valid one
   */
  public static CatalogMachineSource of(String nameOrShape) {
    MachineCatalog catalog = MachineCatalog.bundled();
    if (catalog.contains(nameOrShape) || !MachineShape.looksLikeShape(nameOrShape)) {
      return new CatalogMachineSource(catalog.machine(nameOrShape));
    }
    return new CatalogMachineSource(MachineShape.parse(nameOrShape).toMachine());
  }

  /** A source of a machine already at hand. */
  public static CatalogMachineSource of(Machine machine) {
    return new CatalogMachineSource(machine);
  }

  @Override
  public Machine machine() {
    return machine;
  }
}
