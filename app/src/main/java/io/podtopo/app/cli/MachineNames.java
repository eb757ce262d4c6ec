package io.podtopo.app.cli;

import io.podtopo.adapters.fake.MachineCatalog;
import jakarta.inject.Inject;

/**
 * The completion candidates of every {@code --machine} option: the names of the catalog that
 * {@code podtopo machines} lists. {@code --machine} takes a file too, which the completion script
 * adds ({@link CompletionCommand}).
 */
public final class MachineNames extends CompletionNames {

  @Inject
  public MachineNames(MachineCatalog catalog) {
    super(catalog::names);
  }
}
