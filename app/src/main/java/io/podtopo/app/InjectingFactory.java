package io.podtopo.app;

import jakarta.inject.Provider;
import java.util.Map;
import picocli.CommandLine;

/**
 * Lets picocli take the commands and completion candidates the component provides, and create every
 * other class itself.
 */
final class InjectingFactory implements CommandLine.IFactory {

  private final Map<Class<?>, Provider<Object>> provided;
  private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

  InjectingFactory(PodtopoComponent component) {
    this.provided = component.cliObjects();
  }

  @Override
  public <K> K create(Class<K> type) throws Exception {
    Provider<Object> provider = provided.get(type);
    return provider != null ? type.cast(provider.get()) : fallback.create(type);
  }
}
