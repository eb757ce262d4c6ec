package io.podtopo.domain.topologymanager;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A value computed on first use and then kept: the source runs at most once, however many threads
 * ask at once, and is dropped once it has run. A source that throws has not run: the next call tries
 * again. The value must not be null.
 */
final class Lazy<T> implements Supplier<T> {

  private Supplier<? extends T> source;
  private volatile T value;

  private Lazy(Supplier<? extends T> source) {
    this.source = Objects.requireNonNull(source, "source");
  }

  static <T> Lazy<T> of(Supplier<? extends T> source) {
    return new Lazy<>(source);
  }

  @Override
  public T get() {
    T known = value;
    if (known != null) {
      return known;
    }
    synchronized (this) {
      if (value == null) {
        value = Objects.requireNonNull(source.get(), "a lazy value");
        source = null;
      }
      return value;
    }
  }
}
