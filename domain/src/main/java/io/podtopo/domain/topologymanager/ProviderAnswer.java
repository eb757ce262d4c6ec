package io.podtopo.domain.topologymanager;

import org.immutables.value.Value;

/** One provider's hints, as recorded in a trace. */
@Value.Immutable
public abstract class ProviderAnswer {

  @Value.Parameter
  public abstract String provider();

  @Value.Parameter
  public abstract ProviderHints hints();

  public static ProviderAnswer of(String provider, ProviderHints hints) {
    return ImmutableProviderAnswer.of(provider, hints);
  }
}
