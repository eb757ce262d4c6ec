package io.podtopo.app.cli;

import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/**
 * The completion candidates of an option whose values a source lists, read from it when they are
 * asked for (as the completion script is written), never copied: {@link MachineNames},
 * {@link VectorKindNames}, {@link BehaviourNames}, {@link CgroupDriverNames}.
 */
abstract class CompletionNames implements Iterable<String> {

  private final Supplier<List<String>> names;

  CompletionNames(Supplier<List<String>> names) {
    this.names = names;
  }

  @Override
  public final Iterator<String> iterator() {
    return names.get().iterator();
  }
}
