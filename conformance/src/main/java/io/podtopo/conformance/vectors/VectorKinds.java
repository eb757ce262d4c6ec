package io.podtopo.conformance.vectors;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The vector kinds the suite knows, by name. */
public final class VectorKinds {

  private final Map<String, VectorKind> byName = new LinkedHashMap<>();

  public VectorKinds(List<VectorKind> kinds) {
    for (VectorKind kind : kinds) {
      if (byName.putIfAbsent(kind.name(), kind) != null) {
        throw new IllegalArgumentException("vector kind " + kind.name() + " registered twice");
      }
    }
  }

  /** Every kind this project implements. */
  public static VectorKinds reference() {
    return new VectorKinds(io.podtopo.conformance.kinds.ReferenceKinds.all());
  }

  public Optional<VectorKind> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Names of the known kinds, in registration order. */
  public List<String> names() {
    return List.copyOf(byName.keySet());
  }
}
