package io.podtopo.app;

import dagger.Module;
import dagger.Provides;
import io.podtopo.conformance.vectors.VectorKinds;
import io.podtopo.conformance.vectors.VectorRunner;
import jakarta.inject.Singleton;

/** The conformance suite: one runner over the component's vector kinds. */
@Module
interface ConformanceModule {

  @Provides
  @Singleton
  static VectorRunner vectorRunner(VectorKinds kinds) {
    return new VectorRunner(kinds);
  }
}
