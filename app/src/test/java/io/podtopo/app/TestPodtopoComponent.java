package io.podtopo.app;

import dagger.BindsInstance;
import dagger.Component;
import io.podtopo.conformance.vectors.VectorKinds;
import jakarta.inject.Singleton;

/**
 * The production graph with the same modules, extended (Dagger's testing guide: a test component
 * that extends the production one) so tests can create {@link TestNodeComponent}s, which expose the
 * fake adapters behind the ports.
 */
@Singleton
@Component(modules = {ConformanceModule.class, MachinesModule.class, CommandsModule.class, CompletionModule.class,
    ServicesModule.class, AuditModule.class})
interface TestPodtopoComponent extends PodtopoComponent {

  TestNodeComponent.Factory testNode();

  @Component.Factory
  interface Factory {
    TestPodtopoComponent create(@BindsInstance VectorKinds kinds);
  }

  static TestPodtopoComponent reference() {
    return DaggerTestPodtopoComponent.factory().create(VectorKinds.reference());
  }
}
