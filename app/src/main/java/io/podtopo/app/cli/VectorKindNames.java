package io.podtopo.app.cli;

import io.podtopo.conformance.vectors.VectorKinds;
import jakarta.inject.Inject;

/** The completion candidates of {@code conformance vectors --kind}: the kinds the component runs. */
public final class VectorKindNames extends CompletionNames {

  @Inject
  public VectorKindNames(VectorKinds kinds) {
    super(kinds::names);
  }
}
