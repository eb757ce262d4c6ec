package io.podtopo.app;

import dagger.BindsInstance;
import dagger.Component;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.ports.in.Simulator;
import jakarta.inject.Provider;
import jakarta.inject.Singleton;
import java.util.Map;

/**
 * The application's object graph: the vector kinds it is created over, the runner over them
 * ({@link ConformanceModule}), the machine catalog ({@link MachinesModule}), every CLI command and
 * completion candidate constructed with those injected, by class, for picocli's factory
 * ({@link CommandsModule}, {@link CompletionModule}), the {@link Simulator} ({@link ServicesModule}),
 * the observers of audits ({@link AuditModule}), and factories of nodes: {@link NodeComponent}s
 * over the fake adapters, {@link LinuxNodeComponent}s over the Linux ones and {@link AgentComponent}s.
 */
@Singleton
@Component(modules = {ConformanceModule.class, MachinesModule.class, CommandsModule.class, CompletionModule.class,
    ServicesModule.class, AuditModule.class})
public interface PodtopoComponent {

  /** The simulator: pure, one for the application. */
  Simulator simulator();

  /** Creates nodes: {@code node().create(config, machineSource).nodeResourceManager()}. */
  NodeComponent.Factory node();

  /** Creates real Linux nodes: {@code linuxNode().create(settings, LinuxNode.self(...)).nodeResourceManager()}. */
  LinuxNodeComponent.Factory linuxNode();

  /** Creates node agents: {@code agent().create(settings, node, options, log).agent()}. */
  AgentComponent.Factory agent();

  /** Every class picocli creates that needs injection (commands, completion candidates), with its provider. */
  Map<Class<?>, Provider<Object>> cliObjects();

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
