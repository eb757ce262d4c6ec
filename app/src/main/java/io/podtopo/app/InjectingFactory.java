package io.podtopo.app;

import jakarta.inject.Provider;
import java.util.Map;
import picocli.CommandLine;

/** Lets picocli take the commands the component provides, and create every other class itself. */
final class InjectingFactory implements CommandLine.IFactory {

  private final Map<Class<?>, Provider<Object>> commands;
  private final CommandLine.IFactory fallback = CommandLine.defaultFactory();

  InjectingFactory(PodtopoComponent component) {
    this.commands = component.commands();
  }

  @Override
  public <K> K create(Class<K> type) throws Exception {
    Provider<Object> provider = commands.get(type);
    return provider != null ? type.cast(provider.get()) : fallback.create(type);
  }
}
