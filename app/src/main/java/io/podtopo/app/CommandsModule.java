package io.podtopo.app;

import dagger.Binds;
import dagger.Module;
import dagger.multibindings.ClassKey;
import dagger.multibindings.IntoMap;
import io.podtopo.app.cli.AgentCommand;
import io.podtopo.app.cli.AuditCommand;
import io.podtopo.app.cli.InspectCommand;
import io.podtopo.app.cli.MachinesCommand;
import io.podtopo.app.cli.PropertiesCommand;
import io.podtopo.app.cli.SimulateCommand;
import io.podtopo.app.cli.SpeedCommand;
import io.podtopo.app.cli.TesteeCommand;
import io.podtopo.app.cli.TopologyCommand;
import io.podtopo.app.cli.VectorsCommand;

/** The commands that need injected dependencies; picocli creates the others itself. */
@Module
interface CommandsModule {

  @Binds
  @IntoMap
  @ClassKey(VectorsCommand.class)
  Object vectors(VectorsCommand command);

  @Binds
  @IntoMap
  @ClassKey(PropertiesCommand.class)
  Object properties(PropertiesCommand command);

  @Binds
  @IntoMap
  @ClassKey(TesteeCommand.class)
  Object testee(TesteeCommand command);

  @Binds
  @IntoMap
  @ClassKey(SimulateCommand.class)
  Object simulate(SimulateCommand command);

  @Binds
  @IntoMap
  @ClassKey(TopologyCommand.class)
  Object topology(TopologyCommand command);

  @Binds
  @IntoMap
  @ClassKey(MachinesCommand.class)
  Object machines(MachinesCommand command);

  @Binds
  @IntoMap
  @ClassKey(SpeedCommand.class)
  Object speed(SpeedCommand command);

  @Binds
  @IntoMap
  @ClassKey(AgentCommand.class)
  Object agent(AgentCommand command);

  @Binds
  @IntoMap
  @ClassKey(InspectCommand.class)
  Object inspect(InspectCommand command);

  @Binds
  @IntoMap
  @ClassKey(AuditCommand.class)
  Object audit(AuditCommand command);
}
