package io.podtopo.app;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.ClassKey;
import dagger.multibindings.IntoMap;
import io.podtopo.app.cli.MachineNames;
import io.podtopo.app.cli.VectorKindNames;

/**
 * The completion candidates drawn from the component's own sources, for picocli's factory: the
 * machine catalog's names and the vector kinds. Candidates of fixed lists picocli creates itself.
 */
@Module
interface CompletionModule {

  @Binds
  @IntoMap
  @ClassKey(MachineNames.class)
  Object machineNames(MachineNames names);

  @Binds
  @IntoMap
  @ClassKey(VectorKindNames.class)
  Object vectorKindNames(VectorKindNames names);
}
