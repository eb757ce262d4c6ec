package io.podtopo.app;

import dagger.BindsInstance;
import dagger.Component;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.VectorRunner;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;
import java.util.Map;

/**
 * The application's object graph: the vector kinds, the runner over them, and every CLI command
 * (constructed with their dependencies injected, by class, for picocli's factory).
 */
@Singleton
@Component(modules = {ConformanceModule.class, CommandsModule.class})
public interface PodtopoComponent {

  VectorKinds vectorKinds();

  VectorRunner vectorRunner();

  /** Every command class with a provider of instances. */
  Map<Class<?>, Provider<Object>> commands();

  /** Creates the component over a set of vector kinds. */
  @Component.Factory
  interface Factory {
    PodtopoComponent create(@BindsInstance VectorKinds kinds);
  }

  /** The graph over the given kinds (tests pass their own). */
  static PodtopoComponent over(VectorKinds kinds) {
    return DaggerPodtopoComponent.factory().create(kinds);
  }

  /** The graph of the reference implementation. */
  static PodtopoComponent reference() {
    return over(VectorKinds.reference());
  }
}
