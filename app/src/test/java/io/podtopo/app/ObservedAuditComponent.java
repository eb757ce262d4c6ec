package io.podtopo.app;

import dagger.Binds;
import dagger.BindsInstance;
import dagger.Component;
import dagger.Module;
import dagger.multibindings.IntoSet;
import io.podtopo.app.audit.AuditObserver;
import io.podtopo.conformance.vectors.VectorKinds;
import jakarta.inject.Singleton;

/**
 * The production graph plus one {@link AuditObserver}, added the way an exporter adds itself to the
 * component's set ({@code @IntoSet}), so tests see what {@code podtopo audit} tells its observers.
 */
@Singleton
@Component(modules = {ConformanceModule.class, MachinesModule.class, CommandsModule.class, CompletionModule.class,
    ServicesModule.class, AuditModule.class, ObservedAuditComponent.ObserverModule.class})
public interface ObservedAuditComponent extends PodtopoComponent {

  /** Puts the observer given to the factory into the set. */
  @Module
  interface ObserverModule {
    @Binds
    @IntoSet
    AuditObserver observer(AuditObserver observer);
  }

  @Component.Factory
  interface Factory {
    ObservedAuditComponent create(@BindsInstance VectorKinds kinds, @BindsInstance AuditObserver observer);
  }

  /** The reference graph with {@code observer} among the audit's observers. */
  static PodtopoComponent observing(AuditObserver observer) {
    return DaggerObservedAuditComponent.factory().create(VectorKinds.reference(), observer);
  }
}
