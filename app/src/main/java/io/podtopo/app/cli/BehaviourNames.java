package io.podtopo.app.cli;

import io.podtopo.domain.quirks.Behaviour;
import java.util.stream.Stream;

/** The completion candidates of every {@code --behaviour} option: each {@link Behaviour}'s label. */
public final class BehaviourNames extends CompletionNames {

  public BehaviourNames() {
    super(() -> Stream.of(Behaviour.values()).map(Behaviour::label).toList());
  }
}
