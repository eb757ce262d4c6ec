package io.podtopo.app;

import dagger.Module;
import dagger.multibindings.Multibinds;
import io.podtopo.app.audit.AuditObserver;
import java.util.Set;

/** Who hears each run of {@code podtopo audit}: none yet; an exporter adds itself with {@code @IntoSet}. */
@Module
interface AuditModule {

  @Multibinds
  Set<AuditObserver> auditObservers();
}
