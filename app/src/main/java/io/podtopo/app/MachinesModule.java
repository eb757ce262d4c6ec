package io.podtopo.app;

import dagger.Module;
import dagger.Provides;
import io.podtopo.adapters.fake.MachineCatalog;
import jakarta.inject.Singleton;

/** The machines the commands know by name: the fake adapter's catalog. */
@Module
interface MachinesModule {

  @Provides
  @Singleton
  static MachineCatalog machineCatalog() {
    return MachineCatalog.bundled();
  }
}
