package io.podtopo.adapters.fake;

import java.util.ArrayList;
import java.util.List;

/**
 * A thread-safe, ordered log of what fake adapters did, e.g. {@code save} then {@code write p1/app},
 * so a test can check the order of effects across adapters that share one log.
 */
public final class EventLog {

  private final List<String> events = new ArrayList<>();

  /** Appends one event. */
  public synchronized void add(String event) {
    events.add(event);
  }

  /** Every event so far, oldest first. */
  public synchronized List<String> events() {
    return List.copyOf(events);
  }
}
