package io.podtopo.app;

import dagger.Module;
import dagger.Provides;
import io.podtopo.ports.in.Simulator;
import io.podtopo.service.SimulatorService;
import jakarta.inject.Singleton;

/** The services that need no node: the {@link Simulator}, which is stateless and pure. */
@Module
interface ServicesModule {

  @Provides
  @Singleton
  static Simulator simulator() {
    return new SimulatorService();
  }
}
